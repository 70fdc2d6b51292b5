# A player that owns an MPRIS name, answers no call (not even the hub's GetAll), and once the hub
# lists it, announces nonsense (RobustnessTests); prints `sent` once it has. The hub's names come
# from HubAPI, through the environment (PythonProgram.hubNames).
import os
import signal

import dbus
import dbus.lowlevel

bus = dbus.SessionBus()
bus.request_name('org.mpris.MediaPlayer2.mute', dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
hub = bus.get_object(os.environ['HUB_BUS_NAME'], os.environ['HUB_PATH'])
while 'org.mpris.MediaPlayer2.mute' not in hub.Get(
        os.environ['HUB1'], os.environ['HUB1_PLAYERS'],
        dbus_interface='org.freedesktop.DBus.Properties'):
    pass


def announce(properties):
    message = dbus.lowlevel.SignalMessage(
        '/org/mpris/MediaPlayer2', 'org.freedesktop.DBus.Properties', 'PropertiesChanged')
    message.append('org.mpris.MediaPlayer2.Player', properties, dbus.Array([], signature='s'),
        signature='sa{sv}as')
    bus.send_message(message)


announce({'PlaybackStatus': dbus.Int32(5)})
announce({'Metadata': 'nonsense', 'Volume': 'loud'})
announce({'NoSuchProperty': dbus.Array([], signature='s')})
bus.flush()
print('sent', flush=True)
signal.pause()
