# A player whose properties have the wrong types (ProxyRobustnessTests): it plays, so it becomes
# active; Metadata is a string, Volume a string, Rate an int, and it has a property MPRIS does not
# know. Introspect fails.
import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
P = 'org.freedesktop.DBus.Properties'
class Player(dbus.service.Object):
    @dbus.service.method('org.freedesktop.DBus.Introspectable', out_signature='s')
    def Introspect(self):
        raise dbus.exceptions.DBusException('no', name='org.example.Error.NoIntrospection')
    @dbus.service.method(P, in_signature='s', out_signature='a{sv}')
    def GetAll(self, interface):
        if interface == 'org.mpris.MediaPlayer2':
            return {'Identity': 'Nonsense', 'CanQuit': 'yes'}
        return {'PlaybackStatus': 'Playing', 'Metadata': 'nonsense', 'Volume': 'loud',
                'Rate': dbus.Int32(2), 'CanPlay': True, 'Unheard': dbus.Array([], signature='s')}
player = Player(bus, '/org/mpris/MediaPlayer2')
bus.request_name('org.mpris.MediaPlayer2.nonsense', dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
GLib.MainLoop().run()
