'''A double of bluetoothd 5.66 for the hub's Bluetooth tests: a python3-dbusmock template.

It is a double, not bluetoothd: these machines' kernels have no Bluetooth and no /dev/vhci, so
bluetoothd cannot run. It is Debian's python3-dbusmock `bluez5` template (run with
`python3 -m dbusmock --system -t THIS_FILE` on a private system bus), given what bluetoothd 5.66
has and the template lacks, each written from BlueZ 5.66's source as cited beside it:

- `org.bluez.Media1` on each adapter, with `SupportedUUIDs`, `RegisterPlayer(o, a{sv})` and
  `UnregisterPlayer(o)`; every registration is recorded, in order, for the test to read.
- Adapters announced by one `InterfacesAdded` carrying all their interfaces.
- `org.bluez.MediaPlayer1` and `org.bluez.MediaTransport1` objects on devices.
- Calls on a registered player sent with no reply expected, to the adapter's first player.

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

# adapter path -> [registration], in registration order: media.c `media_player_create` appends
# to `adapter->players` (g_slist_append), as avrcp.c `avrcp_register_player` appends to
# `server->players`.
registrations = {}
# adapter path -> every RegisterPlayer call answered with success, for counting.
register_calls = {}
# adapter path -> every UnregisterPlayer call answered with success.
unregister_calls = {}
# adapter path -> D-Bus error name RegisterPlayer answers with, set by FailMedia1.
failing = {}
# player path -> count, for unique MediaPlayer1/MediaTransport1 paths.
counters = {'player': 0, 'fd': 0}


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
    the dict, InvalidArguments if a known key has the wrong type.'''
    if adapter.path in failing:
        raise dbus.exceptions.DBusException('refused by the test', name=failing[adapter.path])
    players = registrations.setdefault(adapter.path, [])
    if any(entry['sender'] == sender and entry['path'] == path for entry in players):
        raise dbus.exceptions.DBusException('Already Exists', name='org.bluez.Error.AlreadyExists')
    # set_status, set_position, set_metadata… (media.c `set_player_property`): the types read.
    expected = {'PlaybackStatus': dbus.String, 'Position': dbus.Int64, 'Metadata': dbus.Dictionary,
                'Shuffle': dbus.Boolean, 'LoopStatus': dbus.String, 'Rate': dbus.Double}
    for key, kind in expected.items():
        if key in properties and not isinstance(properties[key], kind):
            raise dbus.exceptions.DBusException('Invalid arguments in method call',
                                                name='org.bluez.Error.InvalidArguments')
    entry = {'sender': str(sender), 'path': str(path), 'properties': to_json(properties),
             'signals': 0, 'seeked': 0}
    bus = system_bus()

    def changed(interface, changed_properties, invalidated):
        if interface != MPRIS_PLAYER_IFACE:
            return
        entry['properties'].update(to_json(changed_properties))
        entry['signals'] += 1

    def seeked(position):
        entry['properties']['Position'] = int(position)
        entry['seeked'] += 1

    watches = [
        bus.add_signal_receiver(changed, 'PropertiesChanged', 'org.freedesktop.DBus.Properties',
                                sender, path),
        bus.add_signal_receiver(seeked, 'Seeked', MPRIS_PLAYER_IFACE, sender, path),
    ]

    def owner_changed(owner):
        if owner == '':
            remove(adapter.path, entry)

    watches.append(bus.watch_name_owner(sender, owner_changed))
    entry['watches'] = watches
    players.append(entry)
    register_calls[adapter.path] = register_calls.get(adapter.path, 0) + 1


def remove(adapter_path, entry):
    '''media.c `media_player_remove`: the player leaves `adapter->players`.'''
    players = registrations.get(adapter_path, [])
    if entry in players:
        players.remove(entry)
        for watch in entry.pop('watches', []):
            # A signal match is removed, a name owner watch cancelled.
            (getattr(watch, 'remove', None) or watch.cancel)()


@dbus.service.method(MEDIA_IFACE, in_signature='o', out_signature='', sender_keyword='sender')
def unregister_player(adapter, path, sender=None):
    '''media.c `unregister_player`: DoesNotExist unless this sender registered `path`.'''
    for entry in registrations.get(adapter.path, []):
        if entry['sender'] == sender and entry['path'] == path:
            remove(adapter.path, entry)
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


@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='ss', out_signature='')
def FailMedia1(self, adapter_path, error_name):
    '''Makes `RegisterPlayer` on `adapter_path` answer `error_name` (none when empty).'''
    if error_name:
        failing[adapter_path] = error_name
    else:
        failing.pop(adapter_path, None)


@dbus.service.method(bluez5.BLUEZ_MOCK_IFACE, in_signature='', out_signature='s')
def Registrations(self):
    '''Every adapter's registered players, in order, as JSON: `{adapter: {"players": [{sender,
    path, properties, signals, seeked}], "calls": N}}`, where `properties` are those registered as
    the player's later PropertiesChanged and Seeked updated them, `calls` counts the
    successful RegisterPlayer calls and `unregistered` the successful UnregisterPlayer calls.'''
    result = {}
    for adapter_path in set(registrations) | set(register_calls) | set(unregister_calls):
        players = [{key: value for key, value in entry.items() if key != 'watches'}
                   for entry in registrations.get(adapter_path, [])]
        result[adapter_path] = {'players': players, 'calls': register_calls.get(adapter_path, 0),
                                'unregistered': unregister_calls.get(adapter_path, 0)}
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
    # from CanPlay, CanPause, CanGoNext, CanGoPrevious and CanControl (`set_flag`), false until
    # the player says otherwise (`g_new0`).
    flags = {'Play': 'CanPlay', 'Pause': 'CanPause', 'Next': 'CanGoNext', 'Previous': 'CanGoPrevious'}
    properties = first['properties']
    if not properties.get('CanControl', False) or not properties.get(flags.get(member, 'CanControl'), False):
        return 'refused: ' + first['sender']
    message = dbus.lowlevel.MethodCallMessage(first['sender'], first['path'], MPRIS_PLAYER_IFACE, member)
    message.set_no_reply(True)
    system_bus().send_message(message)
    return first['sender']


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
    the device. `State` is `state2str`'s: idle, pending or active.'''
    path = f'{device_path}/fd{counters["fd"]}'
    counters['fd'] += 1
    manager = mockobject.objects['/']
    manager.AddObject(path, MEDIA_TRANSPORT_IFACE, {
        'Device': dbus.ObjectPath(device_path), 'UUID': dbus.String(uuid), 'Codec': dbus.Byte(0),
        'Configuration': dbus.Array([], signature='y'), 'State': dbus.String(state),
        'Volume': dbus.UInt16(127),
    }, [('Acquire', '', 'hqq', ''), ('TryAcquire', '', 'hqq', ''), ('Release', '', '', '')])
    announce_added(path)
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
    target = mockobject.objects[path]
    interfaces = list(target.props.keys())
    manager = mockobject.objects['/']
    manager.RemoveObject(path)
    manager.EmitSignal(OBJECT_MANAGER_IFACE, 'InterfacesRemoved', 'oas',
                       [dbus.ObjectPath(path), dbus.Array(interfaces, signature='s')])
