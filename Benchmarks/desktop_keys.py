# desktop_keys.py BIN: keys that would reach a player other than the hub's Now Playing one, under
# GNOME's media keys, over a scripted mix (BENCHMARKS.md, "The desktops"). On a private session bus:
# remotectld from BIN (no MPRIS name of its own, as under GNOME Shell), players that hold still
# (Tests/remotectldTests/Support/holding_still_players.py) and gsd_pick.py, gnome-settings-daemon
# 43's pick reimplemented. After each step a key is "pressed": gsd_pick.py says its target, the
# hub its ActivePlayer; a key counts as misrouted when they differ.
import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SUPPORT = os.path.join(HERE, '..', 'Tests', 'remotectldTests', 'Support')
BIN = sys.argv[1] if len(sys.argv) > 1 else '.build/debug'
directory = tempfile.mkdtemp(prefix='desktop-keys-')
address = 'unix:path=%s/bus' % directory
environment = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address, PYTHONPATH=SUPPORT,
                   XDG_STATE_HOME=directory, XDG_CONFIG_HOME=directory,
                   # libpulse's runtime folder (the hub's, with no XDG_RUNTIME_DIR) in the folder
                   # too: not a /tmp/pulse-* of its own left behind.
                   PULSE_RUNTIME_PATH=directory + '/pulse',
                   # What holding_still_players.py's hub_observer.py reads (HubAPI's names).
                   HUB_BUS_NAME='io.github.swift_remote_control.Hub', HUB_PATH='/org/mpris/MediaPlayer2',
                   HUB1='io.github.swift_remote_control.Hub1', HUB1_PLAYERS='Players')
children = []


def clean_up():
    """Stops the children still running, last started first, and removes the folder."""
    for child in reversed(children):
        if child.poll() is None:
            child.terminate()
            child.wait()
    shutil.rmtree(directory)


atexit.register(clean_up)


def start(arguments, **options):
    child = subprocess.Popen(arguments, env=environment, **options)
    children.append(child)
    return child


def call(*arguments):
    return subprocess.run(arguments, env=environment, capture_output=True, text=True, timeout=20).stdout


def hub_active():
    output = call('busctl', '--address', address, 'get-property', 'io.github.swift_remote_control.Hub',
                  '/org/mpris/MediaPlayer2', 'io.github.swift_remote_control.Hub1', 'ActivePlayer')
    return output.strip().split('"')[1].replace('org.mpris.MediaPlayer2.', '') if '"' in output else ''


def wait(condition, what):
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)  # a bounded poll of the very state compared
    raise SystemExit('timed out waiting for ' + what)


def players(*specs):
    child = start(['/usr/bin/python3', os.path.join(SUPPORT, 'holding_still_players.py')] + list(specs),
                  stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == 'ready'
    return child


def tell(name, member):
    call('gdbus', 'call', '--address', address, '--dest', 'org.mpris.MediaPlayer2.' + name, '--object-path',
         '/org/mpris/MediaPlayer2', '--method', 'org.mpris.MediaPlayer2.Player.' + member)


start(['dbus-daemon', '--session', '--nofork', '--address', address], stdout=subprocess.DEVNULL)
wait(lambda: os.path.exists(directory + '/bus'), 'the bus')
start([os.path.join(BIN, 'remotectld'), '--proxy', 'off', '--no-http', '--no-bridge'],
      stderr=open(directory + '/remotectld.log', 'w'))
wait(lambda: 'Hub' in call('busctl', '--address', address, 'list', '--acquired'), 'the hub')
pick = start(['/usr/bin/python3', os.path.join(HERE, 'gsd_pick.py')], stdin=subprocess.PIPE,
             stdout=subprocess.PIPE, text=True)
assert pick.stdout.readline().strip() == 'ready'

results = []


def press(step, expected):
    wait(lambda: hub_active() == expected, 'the hub to make %s Now Playing (%s)' % (expected, step))
    pick.stdin.write('key\n')
    pick.stdin.flush()
    target = pick.stdout.readline().split(' ', 1)[1].strip()
    results.append((step, expected, target))


players('music:Playing')
press('music plays', 'music')
tell('music', 'Pause')
press('music paused', 'music')
players('GSConnect.PixelSpotify:Playing')
press('a phone remote (GSConnect) appears, Playing on the phone', 'music')
players('chromium.instance4242:Paused')
press('a browser appears, paused', 'music')
players('Valent.Player0:Playing', 'kdeconnect.mpris_000001:Playing')
press('two more phone remotes appear, Playing', 'music')
players('ShairportSync:Paused')
press('an AirPlay-like system player appears, paused', 'music')
tell('music', 'Play')
press('music plays again', 'music')
tell('music', 'Pause')
press('music paused again', 'music')

misrouted = [r for r in results if r[1] != r[2]]
for step, expected, target in results:
    print('%-58s hub: %-8s gsd 43: %s' % (step, expected, target))
print('keys that reach a player other than the Now Playing one: %d of %d' % (len(misrouted), len(results)))
