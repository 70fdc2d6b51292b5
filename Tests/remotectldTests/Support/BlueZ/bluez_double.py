'''A double of bluetoothd 5.66 for the hub's Bluetooth tests: a python3-dbusmock template.

It is a double, not bluetoothd: these machines' kernels have no Bluetooth and no /dev/vhci, so
bluetoothd cannot run here. It is Debian's python3-dbusmock `bluez5` template (run with
`python3 -m dbusmock --system -t THIS_FILE` on a private system bus), given what bluetoothd 5.66
has and the template lacks, each written from BlueZ 5.66's source as cited beside it, and as strict
as bluetoothd where the hub meets it:

- `org.bluez.Media1` on each adapter, with `SupportedUUIDs`, `RegisterPlayer(o, a{sv})` and
  `UnregisterPlayer(o)`. Each registered player is a model of media.c's `struct media_player`,
  filled by the same parsing: `parse_player_properties` → `set_player_property` with its type
  checks (`set_status`, `set_position`, `parse_player_metadata` and its `parse_*_metadata`,
  `set_shuffle`, `set_repeat`, `set_flag`, `set_name`), keys compared case-insensitively;
  `RegisterPlayer` answers `org.bluez.Error.InvalidArguments` when an entry is refused, and a
  `PropertiesChanged` of `org.mpris.MediaPlayer2.Player` stops at the first refused entry,
  silently (`properties_changed`), as a `Seeked` that is not `x` does nothing (`position_changed`).
- The player's name: `Identity`, else "Player" (`media_player_get_player_name`).
- What a car connected to the adapter shows (`car`): the first registered player's (avrcp.c serves
  every session `g_slist_nth_data(server->players, 0)`) track as it was at its last
  `AVRCP_EVENT_TRACK_CHANGED`, sent only when `parse_player_metadata` got to the end, and its status
  at its last `AVRCP_EVENT_STATUS_CHANGED` (`set_status`); a car re-reads the track on that event.
- Calls on the registered player sent with no reply expected, to the adapter's first player, only
  when its flags allow (`media_player_play`…); a car's shuffle and repeat setting sent as
  `org.freedesktop.DBus.Properties.Set` with no reply expected (`media_player_set_setting`).
- Adapters announced by one `InterfacesAdded` carrying all their interfaces, and removed with their
  devices and registered players (media.c `path_free`, which sends each player `Release`), by one
  `InterfacesRemoved` per object naming all its interfaces (gdbus/object.c `emit_interfaces_removed`).
- `org.bluez.MediaPlayer1` and `org.bluez.MediaTransport1` objects on devices; a transport starts
  `idle` (transport.c `media_transport_create`) and goes through `pending` to `active`, each
  announced (`transport_set_state`).

What differs from bluetoothd, and the test that covers it with the real bluetoothd 5.66 (the real
Bluetooth tier: Debian's kernel in qemu, `btvirt` controllers, bumble as the car, earbuds and phone,
under scripts/bluetooth-vm/):
- No radio, no AVRCP, no A2DP: `car` is a model of what a car reads, not a car. A car's
  `GetElementAttributes`, `GetPlayStatus`, `PLAYBACK_STATUS_CHANGED`, `TRACK_CHANGED`, its player list
  (AVRCP browsing) naming the app, and its passthrough presses: the real tier's car tests.
- A car's setting (`SetPlayerApplicationSettingValue`) is sent by the test (`SetPlayerSetting`), not
  by avrcp.c from a controller's request; the real tier's car sets shuffle and repeat.
- Position extrapolation, `TRACK_REACHED_START`/`END` and the seeking statuses are not modelled.
- No uinput device and no FAST FORWARD/REWIND path: bluetoothd 5.66 sends a car's held fast-forward
  or rewind not to the registered player but to its own uinput input device for the car (avctp.c
  `handle_panel_passthrough` → `handle_press`/`handle_release`), which the hub reads
  (`InputDeviceReader`) to begin and end seeking; nothing here makes that device or sends those keys.
  The real tier covers it: `BluetoothVMCarTests` "a held fast-forward or rewind seeks the Now Playing
  app its way faster than it plays" (scripts/bluetooth-vm/tier.py, `car_fast_forward_held` and
  `car_rewind_held`).
- Devices' `MediaPlayer1` objects have no AVRCP target behind them and transports no stream; their
  states are what the test sets: the real tier's phone (bumble as AVRCP target and A2DP source).
- The bus policy and credentials of the real system bus (bluetoothd as root calling the hub's
  objects): the real tier runs bluetoothd as root on a system dbus-daemon with Debian's policy.
- `FailMedia1` and `RefuseProperty` are this double's, not bluetoothd's: they stand for a Media1 that
  fails and for a bluetoothd stricter than 5.66 (other releases parse differently), so that the
  hub's answer to a refusal can be tested.

The test drives it on `org.bluez.Mock` at `/` (the template's interface): `AddAdapter`,
`AddDevice` (the template's), and the members below.
'''

import json

import dbus

from dbusmock.templates import bluez5
from dbusmock import OBJECT_MANAGER_IFACE, mockobject

# The template's methods (AddDevice, RegisterAgent…) and names, loaded with it: what
# `from dbusmock.templates.bluez5 import *` would bring, said so that pyflakes can read the rest.
globals().update({name: value for name, value in vars(bluez5).items() if not name.startswith('_')})

BUS_NAME = 'org.bluez'
MAIN_OBJ = '/'
SYSTEM_BUS = True
IS_OBJECT_MANAGER = True

MEDIA_IFACE = 'org.bluez.Media1'
MEDIA_PLAYER_IFACE = 'org.bluez.MediaPlayer1'
MEDIA_TRANSPORT_IFACE = 'org.bluez.MediaTransport1'
MPRIS_PLAYER_IFACE = 'org.mpris.MediaPlayer2.Player'

# profiles/audio/media.c `supported_uuids`: the A2DP endpoints' UUIDs an adapter supports
# (lib/uuid.h A2DP_SOURCE_UUID, A2DP_SINK_UUID).
SUPPORTED_UUIDS = ['0000110a-0000-1000-8000-00805f9b34fb', '0000110b-0000-1000-8000-00805f9b34fb']

# adapter path -> [MediaPlayer], in registration order: media.c `media_player_create` appends
# to `adapter->players` (g_slist_append), as avrcp.c `avrcp_register_player` appends to
# `server->players`.
registrations = {}
# adapter path -> every RegisterPlayer call answered with success, for counting.
register_calls = {}
# adapter path -> every RegisterPlayer call refused with InvalidArguments.
refused_calls = {}
# adapter path -> every UnregisterPlayer call answered with success.
unregister_calls = {}
# adapter path -> D-Bus error name RegisterPlayer answers with, set by FailMedia1.
failing = {}
# Property names refused as ill-typed whatever their value, set by RefuseProperty (lower case).
refused_properties = set()
# player path -> count, for unique MediaPlayer1/MediaTransport1 paths.
counters = {'player': 0, 'fd': 0}

UINT32 = 2 ** 32
UINT64 = 2 ** 64


def load(mock, parameters):
    bluez5.load(mock, parameters)


def system_bus():
    return mockobject.objects['/'].bus_name.get_bus()


def announce_added(path):
    '''One `InterfacesAdded` with every interface of `path`, as gdbus/object.c's
    `emit_interfaces_added` sends once per object after its interfaces are registered.'''
    manager = mockobject.objects['/']
    manager.EmitSignal(OBJECT_MANAGER_IFACE, 'InterfacesAdded', 'oa{sa{sv}}',
                       [dbus.ObjectPath(path), mockobject.objects[path].props])


def announce_removed(path):
    '''Removes `path` and sends one `InterfacesRemoved` naming all its interfaces, as
    gdbus/object.c's `emit_interfaces_removed` sends for the interfaces an object lost.'''
    interfaces = list(mockobject.objects[path].props.keys())
    manager = mockobject.objects['/']
    manager.RemoveObject(path)
    manager.EmitSignal(OBJECT_MANAGER_IFACE, 'InterfacesRemoved', 'oas',
                       [dbus.ObjectPath(path), dbus.Array(interfaces, signature='s')])


# MARK: - media.c's registered player

def is_type(value, kind):
    '''Whether `value`, the content of one variant as python-dbus hands it over, is of the D-Bus
    type `kind`: python-dbus marks a variant's content with `variant_level` 1, and a variant inside
    it (type `v`, which bluetoothd never accepts where it checks a type) with 2.'''
    return isinstance(value, kind) and getattr(value, 'variant_level', 1) <= 1 \
        and not (kind is dbus.String and isinstance(value, dbus.ObjectPath))


class MediaPlayer:
    '''media.c's `struct media_player`: what bluetoothd keeps of a registered player, filled only
    by what its parsing accepts.'''

    def __init__(self, sender, path):
        self.sender = str(sender)
        self.path = str(path)
        self.status = None
        self.position = 0
        self.duration = 0
        self.track = None
        self.settings = {}
        # set_flag's targets, false until the player says otherwise (g_new0).
        self.flags = {'CanPlay': False, 'CanPause': False, 'CanGoNext': False,
                      'CanGoPrevious': False, 'CanControl': False}
        self.name = None
        # Every entry accepted, by the name the player sent it under, as JSON.
        self.properties = {}
        self.signals = 0
        self.seeked = 0
        # The PropertiesChanged whose parsing stopped at a refused entry, and those entries.
        self.refused = []
        # What a car connected to the adapter reads of this player (see the header).
        self.car = {'title': None, 'artist': None, 'album': None, 'status': None}
        self.watches = []

    def json(self):
        return {'sender': self.sender, 'path': self.path, 'properties': self.properties,
                'status': self.status, 'track': self.track, 'settings': self.settings,
                'flags': self.flags, 'name': self.name or 'Player', 'position': self.position,
                'duration': self.duration, 'signals': self.signals, 'seeked': self.seeked,
                'refused': self.refused, 'car': self.car}

    # parse_player_properties: every entry in the order sent, stopping at the first refused one.
    def parse_properties(self, properties):
        for key, value in properties.items():
            if not self.set_property(str(key), value):
                return str(key)
            self.properties[str(key)] = to_json(value)
        return None

    def set_property(self, key, value):
        '''set_player_property: False for a refused entry.'''
        name = key.lower()
        if name in refused_properties:
            return False
        if name == 'playbackstatus':
            return self.set_status(value)
        if name == 'position':
            return self.set_position(value)
        if name == 'metadata':
            return self.parse_metadata(value)
        if name == 'shuffle':
            if not is_type(value, dbus.Boolean):
                return False
            return self.set_setting('Shuffle', 'alltracks' if value else 'off')
        if name == 'loopstatus':
            if not is_type(value, dbus.String):
                return False
            # loop_status_to_repeat
            repeat = {'none': 'off', 'track': 'singletrack', 'playlist': 'alltracks'}.get(value.lower())
            return repeat is not None and self.set_setting('Repeat', repeat)
        flag = {'canplay': 'CanPlay', 'canpause': 'CanPause', 'cangonext': 'CanGoNext',
                'cangoprevious': 'CanGoPrevious', 'cancontrol': 'CanControl'}.get(name)
        if flag:
            if not is_type(value, dbus.Boolean):
                return False
            self.flags[flag] = bool(value)
            return True
        if name == 'identity':
            if not is_type(value, dbus.String):
                return False
            self.name = str(value)
            return True
        # DBG("%s not supported, ignoring")
        return True

    def set_status(self, value):
        if not is_type(value, dbus.String):
            return False
        if self.status != str(value):
            self.status = str(value)
            # AVRCP_EVENT_STATUS_CHANGED
            self.car['status'] = self.status
        return True

    def set_position(self, value):
        if not is_type(value, dbus.Int64):
            return False
        # Read as uint64, divided by 1000, kept in 32 bits.
        self.position = (int(value) % UINT64 // 1000) % UINT32
        return True

    def set_setting(self, key, value):
        '''set_property: the setting a car reads (AVRCP_EVENT_SETTINGS_CHANGED when it changes).'''
        self.settings[key] = value
        return True

    def parse_metadata(self, value):
        '''parse_player_metadata: the track is replaced before its entries are read, so a refused
        entry leaves it with those before it, and no TRACK_CHANGED.'''
        if not is_type(value, (dbus.Dictionary, dbus.Array)):
            return False
        self.track = {}
        if isinstance(value, dbus.Array):
            # An array whose elements are not dict entries.
            if len(value) > 0:
                return False
            value = {}
        has_title = False
        for key, entry in value.items():
            name = str(key).lower()
            if name in ('xesam:title', 'xesam:album'):
                if not is_type(entry, dbus.String):
                    return False
                self.track['Title' if name == 'xesam:title' else 'Album'] = str(entry)
                has_title = has_title or name == 'xesam:title'
            elif name in ('xesam:artist', 'xesam:genre'):
                # parse_array_metadata: an array; empty is accepted, else its first element must
                # be a string, and is all that is kept.
                if not is_type(entry, (dbus.Array, dbus.Dictionary)):
                    return False
                if len(entry) == 0:
                    continue
                first = entry[0] if isinstance(entry, dbus.Array) else None
                if not (isinstance(first, dbus.String) and getattr(first, 'variant_level', 0) == 0):
                    return False
                self.track['Artist' if name == 'xesam:artist' else 'Genre'] = str(first)
            elif name == 'mpris:length':
                if not (is_type(entry, dbus.Int64) or is_type(entry, dbus.UInt64)):
                    return False
                milliseconds = int(entry) % UINT64 // 1000
                self.duration = milliseconds % UINT32
                self.track['Duration'] = str(milliseconds)
            elif name == 'xesam:tracknumber':
                if not (is_type(entry, dbus.Int32) or is_type(entry, dbus.UInt32)):
                    return False
                self.track['TrackNumber'] = str(int(entry) % UINT32)
        if not has_title:
            self.track['Title'] = ''
        self.position = 0
        # AVRCP_EVENT_TRACK_CHANGED: a car reads the track again.
        self.car.update({'title': self.track.get('Title'), 'artist': self.track.get('Artist'),
                         'album': self.track.get('Album')})
        return True


def invalid_arguments():
    '''src/error.c `btd_error_invalid_args`.'''
    return dbus.exceptions.DBusException('Invalid arguments in method call',
                                         name='org.bluez.Error.InvalidArguments')


# MARK: - Media1
# Added to each adapter by AddAdapter, not to the template's main object: AddTemplate adds every
# D-Bus method it finds at this module's top level to `/`.

@dbus.service.method(MEDIA_IFACE, in_signature='oa{sv}', out_signature='', sender_keyword='sender')
def register_player(adapter, path, properties, sender=None):
    '''media.c `register_player`: AlreadyExists for a second registration of the same sender and
    path (`media_adapter_find_player`); otherwise `media_player_create` appends the player and
    follows its `PropertiesChanged` (`g_dbus_add_properties_watch` on org.mpris.MediaPlayer2.Player)
    and `Seeked` (`g_dbus_add_signal_watch`), and drops it when the sender leaves the bus
    (`g_dbus_add_disconnect_watch` → `media_player_exit`); then `parse_player_properties` reads
    the dict: InvalidArguments, and the player destroyed, at the first entry refused.'''
    if adapter.path in failing:
        raise dbus.exceptions.DBusException('refused by the test', name=failing[adapter.path])
    players = registrations.setdefault(adapter.path, [])
    if any(player.sender == sender and player.path == path for player in players):
        raise dbus.exceptions.DBusException('Already Exists', name='org.bluez.Error.AlreadyExists')
    player = MediaPlayer(sender, path)
    bus = system_bus()

    def changed(interface, changed_properties, invalidated):
        # properties_changed: parse_player_properties, its result ignored.
        player.signals += 1
        refused = player.parse_properties(changed_properties)
        if refused is not None:
            player.refused.append(refused)

    def seeked(position):
        # position_changed → set_position.
        if player.set_position(position):
            player.seeked += 1

    player.watches = [
        bus.add_signal_receiver(changed, 'PropertiesChanged', dbus.PROPERTIES_IFACE, sender, path,
                                arg0=MPRIS_PLAYER_IFACE),
        bus.add_signal_receiver(seeked, 'Seeked', MPRIS_PLAYER_IFACE, sender, path),
    ]

    def owner_changed(owner):
        if owner == '':
            remove(adapter.path, player)

    player.watches.append(bus.watch_name_owner(sender, owner_changed))
    players.append(player)
    if player.parse_properties(properties) is not None:
        remove(adapter.path, player)
        refused_calls[adapter.path] = refused_calls.get(adapter.path, 0) + 1
        raise invalid_arguments()
    register_calls[adapter.path] = register_calls.get(adapter.path, 0) + 1


def remove(adapter_path, player):
    '''media.c `media_player_remove`: the player leaves `adapter->players`.'''
    players = registrations.get(adapter_path, [])
    if player in players:
        players.remove(player)
        for watch in player.watches:
            # A signal match is removed, a name owner watch cancelled.
            (getattr(watch, 'remove', None) or watch.cancel)()
        player.watches = []


def release(player):
    '''media.c `release_player`: `org.mpris.MediaPlayer2.Player.Release`, no reply expected
    (`g_dbus_send_message`).'''
    message = dbus.lowlevel.MethodCallMessage(player.sender, player.path, MPRIS_PLAYER_IFACE, 'Release')
    message.set_no_reply(True)
    system_bus().send_message(message)


@dbus.service.method(MEDIA_IFACE, in_signature='o', out_signature='', sender_keyword='sender')
def unregister_player(adapter, path, sender=None):
    '''media.c `unregister_player`: DoesNotExist unless this sender registered `path`.'''
    for player in registrations.get(adapter.path, []):
        if player.sender == sender and player.path == path:
            remove(adapter.path, player)
            unregister_calls[adapter.path] = unregister_calls.get(adapter.path, 0) + 1
            return
    raise dbus.exceptions.DBusException('Does Not Exist', name='org.bluez.Error.DoesNotExist')


# Kept out of the module's top level (see above), named as on the bus.
MEDIA_METHODS = {'RegisterPlayer': register_player, 'UnregisterPlayer': unregister_player}
register_player.__name__ = 'RegisterPlayer'
unregister_player.__name__ = 'UnregisterPlayer'
del register_player, unregister_player


def to_json(value):
    '''A D-Bus value as JSON, for the test to read.'''
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, dict):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(item) for item in value]
    return repr(value)


# MARK: - Adapters

@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='ss', out_signature='s')
def AddAdapter(self, device_name, system_name):
    '''The template's adapter, given `org.bluez.Media1` (media.c `media_register`, which
    bluetoothd runs for every adapter as it is probed) and announced once with all its
    interfaces, as gdbus/object.c's `emit_interfaces_added` does; the template announces
    `Adapter1` alone, before adding `Media1`.'''
    manager = mockobject.objects['/']
    # The template's method emits its own InterfacesAdded (Adapter1 only); this double sends the
    # one bluetoothd sends instead, so the template's is muted while it runs.
    emit = manager.EmitSignal
    manager.EmitSignal = lambda *arguments: None
    try:
        path = bluez5.AddAdapter(self, device_name, system_name)
    finally:
        manager.EmitSignal = emit
    adapter = mockobject.objects[path]
    # The template gives Media1 RegisterEndpoint and UnregisterEndpoint but no players.
    adapter.AddProperties(MEDIA_IFACE, {'SupportedUUIDs': dbus.Array(SUPPORTED_UUIDS, signature='s')})
    adapter.methods[MEDIA_IFACE]['RegisterPlayer'] = ('oa{sv}', '', '', MEDIA_METHODS['RegisterPlayer'])
    adapter.methods[MEDIA_IFACE]['UnregisterPlayer'] = ('o', '', '', MEDIA_METHODS['UnregisterPlayer'])
    announce_added(path)
    return path


@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='s', out_signature='')
def RemoveAdapterAnnounced(self, device_name):
    '''Removes adapter `device_name` (`hci0`) as bluetoothd does when its controller goes: its
    devices first, each announced with all its interfaces, then media.c `path_free` destroys the
    players registered there (`media_player_destroy`, which sends each `Release`), then the adapter
    is announced gone with all its interfaces. The template's `RemoveAdapter` names `Adapter1` only.'''
    path = '/org/bluez/' + device_name
    for child in sorted((other for other in mockobject.objects if other.startswith(path + '/')), reverse=True):
        announce_removed(child)
    for player in list(registrations.get(path, [])):
        remove(path, player)
        release(player)
    registrations.pop(path, None)
    announce_removed(path)


@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='ss', out_signature='')
def FailMedia1(self, adapter_path, error_name):
    '''Makes `RegisterPlayer` on `adapter_path` answer `error_name` (none when empty).'''
    if error_name:
        failing[adapter_path] = error_name
    else:
        failing.pop(adapter_path, None)


@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='s', out_signature='')
def RefuseProperty(self, name):
    '''Makes every adapter refuse property `name` (compared case-insensitively) whatever its
    value, in `RegisterPlayer` and `PropertiesChanged` alike, as a bluetoothd stricter than 5.66
    would: not bluetoothd 5.66's behaviour, a stand-in for another release's.'''
    refused_properties.add(name.lower())


@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='', out_signature='s')
def Registrations(self):
    '''Every adapter's registered players, in order, as JSON: `{adapter: {"players": [...],
    "calls": N, "refused": N, "unregistered": N, "car": {...}}}`, each player as
    `MediaPlayer.json` gives it (its `properties` are the entries bluetoothd accepted, as they
    were sent), `calls` the successful RegisterPlayer calls, `refused` those refused as ill-typed,
    `unregistered` the successful UnregisterPlayer calls, and `car` what a car connected to the
    adapter shows: the first player's `car`, with its `name`.'''
    result = {}
    for adapter_path in set(registrations) | set(register_calls) | set(unregister_calls) | set(refused_calls):
        players = [player.json() for player in registrations.get(adapter_path, [])]
        car = dict(players[0]['car'], name=players[0]['name']) if players else None
        result[adapter_path] = {'players': players, 'calls': register_calls.get(adapter_path, 0),
                                'refused': refused_calls.get(adapter_path, 0),
                                'unregistered': unregister_calls.get(adapter_path, 0), 'car': car}
    return json.dumps(result)


@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='ss', out_signature='s')
def SendToPlayer(self, adapter_path, member):
    '''What a car's or an earbud's press makes bluetoothd do: avrcp.c `target_init` and
    `avrcp_register_player` serve every AVRCP session the adapter's first player
    (`g_slist_nth_data(server->players, 0)`), and media.c `media_player_send` sends it
    `org.mpris.MediaPlayer2.Player.<member>` (Play, Pause, Stop, Next, Previous) with
    `g_dbus_send_message`, which marks a method call no-reply-expected (gdbus/object.c
    `dbus_message_set_no_reply`). Returns the sender it went to, empty when none is registered,
    `refused: SENDER` when the player's flags do not allow it.'''
    players = registrations.get(adapter_path, [])
    if not players:
        return ''
    first = players[0]
    # media.c `media_player_play` and the others send only when the registered flags allow it
    # (`mp->play`, `mp->pause`, `mp->next`, `mp->previous`, and `mp->control` for all), read
    # from CanPlay, CanPause, CanGoNext, CanGoPrevious and CanControl (`set_flag`).
    flags = {'Play': 'CanPlay', 'Pause': 'CanPause', 'Next': 'CanGoNext', 'Previous': 'CanGoPrevious'}
    if not first.flags['CanControl'] or not first.flags.get(flags.get(member, 'CanControl'), False):
        return 'refused: ' + first.sender
    message = dbus.lowlevel.MethodCallMessage(first.sender, first.path, MPRIS_PLAYER_IFACE, member)
    message.set_no_reply(True)
    system_bus().send_message(message)
    return first.sender


@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='sss', out_signature='s')
def SetPlayerSetting(self, adapter_path, key, value):
    '''A car's `SetPlayerApplicationSettingValue` as bluetoothd passes it on (media.c
    `media_player_set_setting`), to the adapter's first player: `key` `Shuffle` or `Repeat`,
    `value` one of avrcp.c's (`off`, `alltracks`, `group` for Shuffle; `off`, `singletrack`,
    `alltracks`, `group` for Repeat). `-EINVAL` when the player never said that setting; nothing
    sent when it already has that value; else `org.freedesktop.DBus.Properties.Set` of `Shuffle`
    (`set_shuffle_setting`: anything but off is true) or `LoopStatus` (`set_repeat_setting`,
    `repeat_to_loop_status`) on org.mpris.MediaPlayer2.Player, no reply expected. Returns the
    sender it went to, `EINVAL`, or empty when nothing was sent.'''
    players = registrations.get(adapter_path, [])
    if not players:
        return ''
    first = players[0]
    current = first.settings.get(key)
    if current is None:
        return 'EINVAL'
    if current.lower() == value.lower():
        return ''
    if key.lower() == 'shuffle':
        arguments = ['Shuffle', dbus.Boolean(value.lower() != 'off')]
    else:
        loop = {'off': 'None', 'singletrack': 'Track', 'alltracks': 'Playlist', 'group': 'Playlist'}[value.lower()]
        arguments = ['LoopStatus', dbus.String(loop)]
    message = dbus.lowlevel.MethodCallMessage(first.sender, first.path, dbus.PROPERTIES_IFACE, 'Set')
    message.append(MPRIS_PLAYER_IFACE, *arguments, signature='ssv')
    message.set_no_reply(True)
    system_bus().send_message(message)
    return first.sender


# MARK: - Devices' players and transports

@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='sa{sv}', out_signature='s')
def AddMediaPlayer(self, device_path, properties):
    '''A device's own player (profiles/audio/player.c `media_player_controller_create`, at
    `<device>/playerN`, with `Device` and what the test gives: Name, Status, Track, Position…,
    any of them ill-typed if the test likes). Its methods (player.c `media_player_methods`:
    Play, Pause, Stop, Next, Previous, FastForward, Rewind) are recorded in the mock's call log
    (`GetMethodCalls`) of that object.'''
    path = f'{device_path}/player{counters["player"]}'
    counters['player'] += 1
    values = {'Device': dbus.ObjectPath(device_path)}
    values.update(properties)
    manager = mockobject.objects['/']
    manager.AddObject(path, MEDIA_PLAYER_IFACE, values, [
        (name, '', '', '') for name in ['Play', 'Pause', 'Stop', 'Next', 'Previous', 'FastForward', 'Rewind']
    ])
    announce_added(path)
    return path


@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='sss', out_signature='s')
def AddMediaTransport(self, device_path, uuid, state):
    '''A transport to or from a device (profiles/audio/transport.c `media_transport_create`, at
    `<device>/fdN`): `UUID` is the *local* endpoint's (`get_uuid` reads
    `media_endpoint_get_uuid(transport->endpoint)`), so A2DP Sink `0000110b-…` means the device
    is the source and streams to this computer (`media_transport_init_sink` requires the
    device's A2DP Source service), and A2DP Source `0000110a-…` means this computer streams to
    the device. It is created `idle`, as bluetoothd creates every transport, and announced so;
    then, for `state` `pending` or `active`, taken there a step at a time (idle → pending, the
    stream started; pending → active, acquired), each step announced (`transport_set_state`).'''
    path = f'{device_path}/fd{counters["fd"]}'
    counters['fd'] += 1
    manager = mockobject.objects['/']
    manager.AddObject(path, MEDIA_TRANSPORT_IFACE, {
        'Device': dbus.ObjectPath(device_path), 'UUID': dbus.String(uuid), 'Codec': dbus.Byte(0),
        'Configuration': dbus.Array([], signature='y'), 'State': dbus.String('idle'),
        'Volume': dbus.UInt16(127),
    }, [('Acquire', '', 'hqq', ''), ('TryAcquire', '', 'hqq', ''), ('Release', '', '', '')])
    announce_added(path)
    steps = {'idle': [], 'pending': ['pending'], 'active': ['pending', 'active']}[state]
    for step in steps:
        ChangeProperties(self, path, MEDIA_TRANSPORT_IFACE, {'State': dbus.String(step)})
    return path


@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='ssa{sv}', out_signature='')
def ChangeProperties(self, path, interface, properties):
    '''Sets `properties` of `interface` at `path` and announces them in one PropertiesChanged, as
    bluetoothd does for a player's Status or Track (player.c `media_player_set_status`) or a
    transport's State (transport.c `transport_set_state`).'''
    target = mockobject.objects[path]
    target.props.setdefault(interface, {}).update(properties)
    target.EmitSignal(dbus.PROPERTIES_IFACE, 'PropertiesChanged', 'sa{sv}as',
                      [interface, dbus.Dictionary(properties, signature='sv'), dbus.Array([], signature='s')])


@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='s', out_signature='')
def RemoveAnnounced(self, path):
    '''Removes `path` and announces it with one `InterfacesRemoved` naming all its interfaces.'''
    announce_removed(path)
