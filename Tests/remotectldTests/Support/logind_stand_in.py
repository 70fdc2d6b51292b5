import json, os, sys, time
import dbus, dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib
DBusGMainLoop(set_as_default=True)

MANAGER = 'org.freedesktop.login1.Manager'
system = dbus.bus.BusConnection(os.environ['DBUS_SYSTEM_BUS_ADDRESS'])
session = {}  # 'bus': the session bus the watched players are on
watched = []
held = {}  # read end -> (what, who, why, mode, uid, pid)
sleep = {}

def status(name):
    try:
        player = session['bus'].get_object(name, '/org/mpris/MediaPlayer2')
        return str(player.Get('org.mpris.MediaPlayer2.Player', 'PlaybackStatus',
                              dbus_interface='org.freedesktop.DBus.Properties', timeout=2))
    except dbus.DBusException as error:
        return 'error: ' + error.get_dbus_name()

def delaying():
    return [entry for entry in held.values() if 'sleep' in entry[0].split(':') and entry[3] == 'delay']

def finish(released):
    if not sleep:
        return False
    elapsed = (time.monotonic() - sleep.pop('start')) * 1000
    print(json.dumps({'released': released, 'ms': elapsed,
                      'statuses': {name: status(name) for name in watched}}), flush=True)
    return False

def closed(fd, condition):
    held.pop(fd, None)
    os.close(fd)
    if sleep and not delaying():
        finish(True)
    return False

class Manager(dbus.service.Object):
    @dbus.service.method(MANAGER, in_signature='ssss', out_signature='h', sender_keyword='sender')
    def Inhibit(self, what, who, why, mode, sender=None):
        if mode not in ('block', 'delay'):
            raise dbus.DBusException('mode must be block or delay',
                                     name='org.freedesktop.DBus.Error.InvalidArgs')
        read, write = os.pipe()
        bus = system.get_object('org.freedesktop.DBus', '/org/freedesktop/DBus')
        pid = int(bus.GetConnectionUnixProcessID(sender, dbus_interface='org.freedesktop.DBus'))
        uid = int(bus.GetConnectionUnixUser(sender, dbus_interface='org.freedesktop.DBus'))
        held[read] = (str(what), str(who), str(why), str(mode), uid, pid)
        GLib.io_add_watch(read, GLib.PRIORITY_DEFAULT, GLib.IO_HUP | GLib.IO_ERR, closed)
        handed = dbus.types.UnixFd(write)  # a duplicate: ours is closed at once
        os.close(write)
        return handed

    @dbus.service.method(MANAGER, in_signature='', out_signature='a(ssssuu)')
    def ListInhibitors(self):
        return dbus.Array([dbus.Struct(entry) for entry in held.values()], signature='(ssssuu)')

    @dbus.service.signal(MANAGER, signature='b')
    def PrepareForSleep(self, start):
        pass

manager = Manager(system, '/org/freedesktop/login1')

def command(source, condition):
    line = sys.stdin.readline()
    if not line:
        loop.quit()
        return False
    word = line.strip()
    if word == 'sleep':
        sleep['start'] = time.monotonic()
        manager.PrepareForSleep(True)
        if not delaying():
            finish(True)
        else:
            GLib.timeout_add(5000, lambda: finish(False))
    elif word.startswith('watch '):
        address, *names = word.split(' ')[1:]
        session['bus'] = dbus.bus.BusConnection(address)
        watched[:] = names
        print('watching', flush=True)
    elif word == 'wake':
        manager.PrepareForSleep(False)
        print('woke', flush=True)
    return True

system.request_name('org.freedesktop.login1', dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
GLib.io_add_watch(sys.stdin.fileno(), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, command)
loop = GLib.MainLoop()
print('READY', flush=True)
loop.run()
