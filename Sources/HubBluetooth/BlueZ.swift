import DBus
import HubCore

/// The names of BlueZ's D-Bus API (bluetoothd 5.66, `doc/*-api.txt`) that the hub uses, on the
/// system bus.
enum BlueZ {
  /// bluetoothd's bus name.
  package static let busName: BusName = "org.bluez"
  /// Where bluetoothd serves `org.freedesktop.DBus.ObjectManager` (gdbus/object.c registers it
  /// at the root).
  static let root: ObjectPath = "/"
  /// The standard ObjectManager interface.
  static let objectManager = StandardInterface.objectManager
  /// The standard Properties interface.
  package static let properties = StandardInterface.properties

  /// `org.bluez.Adapter1`: a local controller (`/org/bluez/hci0`).
  static let adapter = "org.bluez.Adapter1"
  /// `org.bluez.Media1` on each adapter: `RegisterPlayer(o, a{sv})`, `UnregisterPlayer(o)`.
  package static let media = "org.bluez.Media1"
  /// `org.bluez.Device1`: a remote device (`Alias`, `Name`).
  package static let device = "org.bluez.Device1"
  /// `org.bluez.MediaPlayer1`: a remote device's own player (profiles/audio/player.c).
  package static let mediaPlayer = "org.bluez.MediaPlayer1"
  /// `org.bluez.MediaTransport1`: an audio stream to or from a device (profiles/audio/transport.c).
  static let mediaTransport = "org.bluez.MediaTransport1"

  /// The error bluetoothd answers a call with ill-typed arguments with (src/error.c
  /// `btd_error_invalid_args`): `RegisterPlayer` with a property `set_player_property` refuses.
  static let invalidArguments: BusError.Name = "org.bluez.Error.InvalidArguments"

  /// The A2DP Sink UUID (lib/uuid.h `A2DP_SINK_UUID`). A transport's `UUID` is its *local*
  /// endpoint's (transport.c `get_uuid`), so a transport of this UUID carries sound from the
  /// device, the A2DP source, to this computer (`media_transport_init_sink`).
  static let a2dpSinkUUID = "0000110b-0000-1000-8000-00805f9b34fb"
}
