import dbus, dbus.service, dbus.mainloop.glib
from gi.repository import GLib
dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
P = 'org.freedesktop.DBus.Properties'
ROOT = 'org.mpris.MediaPlayer2'; PLAYER = ROOT + '.Player'; TL = ROOT + '.TrackList'; MOOD = 'com.example.Mood'
XML = '''<node>
<interface name="org.freedesktop.DBus.Introspectable"><method name="Introspect"><arg type="s" direction="out"/></method></interface>
<interface name="org.freedesktop.DBus.Properties">
 <method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
 <method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>
 <method name="Set"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="in"/></method>
</interface>
<interface name="org.mpris.MediaPlayer2"><property name="Identity" type="s" access="read"/></interface>
<interface name="org.mpris.MediaPlayer2.Player"><method name="PlayPause"/></interface>
<interface name="org.mpris.MediaPlayer2.TrackList">
 <method name="GetTracksMetadata"><arg name="TrackIds" type="ao" direction="in"/><arg name="Metadata" type="aa{sv}" direction="out"/></method>
 <signal name="TrackAdded"><arg name="Metadata" type="a{sv}"/><arg name="AfterTrack" type="o"/></signal>
 <property name="Tracks" type="ao" access="read">
  <annotation name="org.freedesktop.DBus.Property.EmitsChangedSignal" value="invalidates"/>
 </property>
 <property name="CanEditTracks" type="b" access="read"/>
</interface>
<interface name="com.example.Mood">
 <method name="Echo"><arg name="text" type="s" direction="in"/><arg name="loud" type="s" direction="out"/></method>
 <property name="Mood" type="s" access="readwrite"/>
</interface>
</node>'''
class Player(dbus.service.Object):
    def __init__(self):
        super().__init__(bus, '/org/mpris/MediaPlayer2')
        self.props = {
            ROOT: {'Identity': 'Extended', 'CanQuit': False, 'CanRaise': False, 'HasTrackList': True,
                   'SupportedUriSchemes': dbus.Array([], 's'), 'SupportedMimeTypes': dbus.Array([], 's')},
            PLAYER: {'PlaybackStatus': 'Playing', 'Rate': 1.0, 'Volume': 1.0,
                     'Metadata': dbus.Dictionary({'mpris:trackid': dbus.ObjectPath('/t/1')}, 'sv'),
                     'Position': dbus.Int64(0), 'MinimumRate': 1.0, 'MaximumRate': 1.0,
                     'CanGoNext': False, 'CanGoPrevious': False, 'CanPlay': True, 'CanPause': True,
                     'CanSeek': False, 'CanControl': True},
            TL: {'Tracks': dbus.Array([dbus.ObjectPath('/t/1')], 'o'), 'CanEditTracks': False},
            MOOD: {'Mood': 'calm'},
        }
    @dbus.service.method('org.freedesktop.DBus.Introspectable', out_signature='s')
    def Introspect(self):
        return XML
    @dbus.service.method(P, in_signature='ss', out_signature='v')
    def Get(self, interface, name):
        return self.props[interface][name]
    @dbus.service.method(P, in_signature='s', out_signature='a{sv}')
    def GetAll(self, interface):
        return dbus.Dictionary(self.props.get(interface, {}), signature='sv')
    @dbus.service.method(P, in_signature='ssv', async_callbacks=('ok', 'fail'))
    def Set(self, interface, name, value, ok, fail):
        def later():
            if name == 'Mood' and value == 'angry':
                fail(dbus.exceptions.DBusException('no anger here', name='com.example.Mood.Error.Refused'))
                return False
            self.props[interface][name] = value
            ok()
            self.PropertiesChanged(interface, {name: value}, dbus.Array([], 's'))
            return False
        GLib.timeout_add(300, later)
    @dbus.service.signal(P, signature='sa{sv}as')
    def PropertiesChanged(self, interface, changed, invalidated):
        pass
    @dbus.service.method(PLAYER)
    def PlayPause(self):
        pass
    @dbus.service.method(TL, in_signature='ao', out_signature='aa{sv}')
    def GetTracksMetadata(self, ids):
        return [dbus.Dictionary({'mpris:trackid': t}, 'sv') for t in ids]
    @dbus.service.signal(TL, signature='a{sv}o')
    def TrackAdded(self, metadata, after):
        pass
    @dbus.service.method(MOOD, in_signature='s', out_signature='s')
    def Echo(self, text):
        if text == 'fail':
            raise dbus.exceptions.DBusException('asked to fail', name='com.example.Mood.Error.Failed')
        self.TrackAdded(dbus.Dictionary({'mpris:trackid': dbus.ObjectPath('/t/2')}, 'sv'), dbus.ObjectPath('/t/1'))
        return text.upper()
player = Player()
bus.request_name('org.mpris.MediaPlayer2.extended', dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
GLib.MainLoop().run()
