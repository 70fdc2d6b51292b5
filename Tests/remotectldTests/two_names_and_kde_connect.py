# One connection with two MPRIS names, and a KDE Connect proxy name (HubInterfaceTests); prints
# `ready` once it owns them, and holds them until killed.
import signal

import dbus

bus = dbus.SessionBus()
for name in ['org.mpris.MediaPlayer2.dup', 'org.mpris.MediaPlayer2.dup.instance1',
             'org.mpris.MediaPlayer2.kdeconnect.mpris_000001']:
    bus.request_name(name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
print('ready', flush=True)
signal.pause()
