# A player that owns an MPRIS name, answers no call (not even the hub's GetAll), and once the hub
# lists it, announces nonsense (RobustnessTests); prints `sent` once it has.
import signal

import dbus
import dbus.lowlevel

bus = dbus.SessionBus()
bus.request_name('org.mpris.MediaPlayer2.mute', dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
hub = bus.get_object('io.github.swift_remote_control.Hub', '/org/mpris/MediaPlayer2')
while 'org.mpris.MediaPlayer2.mute' not in hub.Get(
        'io.github.swift_remote_control.Hub1', 'Players',
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
