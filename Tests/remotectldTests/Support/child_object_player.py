# child_object_player.py NAME FLAVOUR CHILD STATUS LEVEL: an MPRIS player (ChildObjectPlayer) owning
# org.mpris.MediaPlayer2.NAME with the vendor interface com.example.Vendor (Flavour = FLAVOUR) and,
# when CHILD is `child`, com.example.Remote at the child object /org/mpris/MediaPlayer2/RemoteControl
# (Level = LEVEL); STATUS (`Playing` or `Paused`) is its PlaybackStatus at first.
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
P = 'org.freedesktop.DBus.Properties'
ROOT = 'org.mpris.MediaPlayer2'
PLAYER = ROOT + '.Player'
VENDOR = 'com.example.Vendor'
REMOTE = 'com.example.Remote'
CHILD_PATH = '/org/mpris/MediaPlayer2/RemoteControl'
name, flavour, child, status, level = sys.argv[1:6]
HAS_CHILD = child == 'child'
INTROSPECTABLE = '''<interface name="org.freedesktop.DBus.Introspectable"><method name="Introspect"><arg type="s" direction="out"/></method></interface>
<interface name="org.freedesktop.DBus.Properties">
 <method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
 <method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>
 <method name="Set"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="in"/></method>
 <signal name="PropertiesChanged"><arg type="s"/><arg type="a{sv}"/><arg type="as"/></signal>
</interface>'''
MPRIS_XML = '<node>' + INTROSPECTABLE + '''
<interface name="org.mpris.MediaPlayer2"><property name="Identity" type="s" access="read"/></interface>
<interface name="org.mpris.MediaPlayer2.Player"><method name="Play"/><method name="Pause"/></interface>
<interface name="com.example.Vendor"><property name="Flavour" type="s" access="read"/></interface>
''' + ('<node name="RemoteControl"/>' if HAS_CHILD else '') + '</node>'
CHILD_XML = '<node>' + INTROSPECTABLE + '''
<interface name="com.example.Remote">
 <method name="Shout"><arg name="text" type="s" direction="in"/><arg name="loud" type="s" direction="out"/></method>
 <method name="Bump"/>
 <property name="Level" type="i" access="readwrite"/>
</interface></node>'''
class Properties(dbus.service.Object):
    def __init__(self, path, props, xml):
        super().__init__(bus, path)
        self.props = props
        self.xml = xml
    @dbus.service.method('org.freedesktop.DBus.Introspectable', out_signature='s')
    def Introspect(self):
        return self.xml
    @dbus.service.method(P, in_signature='ss', out_signature='v')
    def Get(self, interface, name):
        return self.props[interface][name]
    @dbus.service.method(P, in_signature='s', out_signature='a{sv}')
    def GetAll(self, interface):
        return dbus.Dictionary(self.props.get(interface, {}), signature='sv')
    @dbus.service.method(P, in_signature='ssv')
    def Set(self, interface, name, value):
        self.props[interface][name] = value
        self.PropertiesChanged(interface, {name: value}, dbus.Array([], 's'))
    @dbus.service.signal(P, signature='sa{sv}as')
    def PropertiesChanged(self, interface, changed, invalidated):
        pass
class Player(Properties):
    @dbus.service.method(PLAYER)
    def Play(self):
        self.status('Playing')
    @dbus.service.method(PLAYER)
    def Pause(self):
        self.status('Paused')
    def status(self, status):
        self.props[PLAYER]['PlaybackStatus'] = status
        self.PropertiesChanged(PLAYER, {'PlaybackStatus': status}, dbus.Array([], 's'))
class Remote(Properties):
    @dbus.service.method(REMOTE, in_signature='s', out_signature='s')
    def Shout(self, text):
        return text.upper()
    @dbus.service.method(REMOTE)
    def Bump(self):
        level = dbus.Int32(self.props[REMOTE]['Level'] + 1)
        self.props[REMOTE]['Level'] = level
        self.PropertiesChanged(REMOTE, {'Level': level}, dbus.Array([], 's'))
player = Player('/org/mpris/MediaPlayer2', {
    ROOT: {'Identity': name, 'CanQuit': False, 'CanRaise': False, 'HasTrackList': False,
           'SupportedUriSchemes': dbus.Array([], 's'), 'SupportedMimeTypes': dbus.Array([], 's')},
    PLAYER: {'PlaybackStatus': status, 'Rate': 1.0, 'Volume': 1.0,
             'Metadata': dbus.Dictionary({'mpris:trackid': dbus.ObjectPath('/t/' + name)}, 'sv'),
             'Position': dbus.Int64(0), 'MinimumRate': 1.0, 'MaximumRate': 1.0,
             'CanGoNext': False, 'CanGoPrevious': False, 'CanPlay': True, 'CanPause': True,
             'CanSeek': False, 'CanControl': True},
    VENDOR: {'Flavour': flavour},
}, MPRIS_XML)
if HAS_CHILD:
    remote = Remote(CHILD_PATH, {REMOTE: {'Level': dbus.Int32(int(level))}}, CHILD_XML)
bus.request_name('org.mpris.MediaPlayer2.' + name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
GLib.MainLoop().run()
