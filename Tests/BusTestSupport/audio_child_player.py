import os, signal, subprocess, sys
import dbus, dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib
DBusGMainLoop(set_as_default=True)
name, sink, flags = sys.argv[1], sys.argv[2], set(sys.argv[3:])
PROPERTIES = 'org.freedesktop.DBus.Properties'
ROOT = 'org.mpris.MediaPlayer2'
PLAYER = 'org.mpris.MediaPlayer2.Player'
bus = dbus.SessionBus()

def audio_command(device):
    play = ['pacat', '--raw', '--property=application.name=' + name]
    if device:
        play.append('--device=' + device)
    play.append('/dev/zero')
    if '--grandchild' in flags:
        return ['sh', '-c', '"$@"; true', 'sh'] + play
    return play

class Player(dbus.service.Object):
    def __init__(self):
        dbus.service.Object.__init__(self, bus, '/org/mpris/MediaPlayer2')
        self.status = 'Paused'

    def properties(self, interface):
        if interface == ROOT:
            return {'Identity': name, 'DesktopEntry': name, 'CanQuit': False, 'CanRaise': False,
                    'HasTrackList': False, 'SupportedUriSchemes': dbus.Array([], signature='s'),
                    'SupportedMimeTypes': dbus.Array([], signature='s')}
        player = {'PlaybackStatus': self.status, 'CanPlay': True, 'CanPause': True, 'CanControl': True,
                  'CanGoNext': False, 'CanGoPrevious': False, 'CanSeek': False, 'Rate': 1.0,
                  'Volume': 1.0, 'Position': dbus.Int64(0), 'MinimumRate': 1.0, 'MaximumRate': 1.0,
                  'Metadata': dbus.Dictionary({'mpris:trackid': dbus.ObjectPath('/org/example/track/1')},
                                              signature='sv')}
        if '--no-volume' in flags:
            del player['Volume']
        return player

    @dbus.service.method(PROPERTIES, in_signature='ssv')
    def Set(self, interface, prop, value):
        if '--ignores-volume' not in flags or prop != 'Volume':
            raise dbus.exceptions.DBusException('read-only', name='org.freedesktop.DBus.Error.PropertyReadOnly')

    @dbus.service.method(PROPERTIES, in_signature='s', out_signature='a{sv}')
    def GetAll(self, interface):
        return self.properties(interface)

    @dbus.service.method(PROPERTIES, in_signature='ss', out_signature='v')
    def Get(self, interface, prop):
        return self.properties(interface)[prop]

    @dbus.service.signal(PROPERTIES, signature='sa{sv}as')
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def take(self, call, status):
        print(call, flush=True)
        if status != self.status:
            self.status = status
            self.PropertiesChanged(PLAYER, {'PlaybackStatus': status}, dbus.Array([], signature='s'))

    @dbus.service.method(PLAYER)
    def Play(self):
        self.take('Play', 'Playing')

    @dbus.service.method(PLAYER)
    def Pause(self):
        self.take('Pause', 'Paused')

    @dbus.service.method(PLAYER)
    def PlayPause(self):
        self.take('PlayPause', 'Paused' if self.status == 'Playing' else 'Playing')

    @dbus.service.method(PLAYER)
    def Stop(self):
        self.take('Stop', 'Stopped')

audio = []

def start_audio(device):
    process = subprocess.Popen(audio_command(device), start_new_session=True)
    audio.append(process.pid)
    GLib.child_watch_add(GLib.PRIORITY_DEFAULT, process.pid, audio_ended)

def end_audio():
    os.killpg(audio[-1], signal.SIGKILL)
    return True

def audio_ended(pid, status):
    print('audio ended', flush=True)
    if '--respawn' in flags:
        start_audio('speakers')

player = Player()
GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, end_audio)
if '--silent' not in flags:
    start_audio(sink)
bus.request_name('org.mpris.MediaPlayer2.' + name, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
GLib.MainLoop().run()
