import DBus
import HubCore
import PlayerView
import RemoteControlMPRIS
import Synchronization

/// A Bluetooth device's own player (`org.bluez.MediaPlayer1` at ``path`` on the system bus) as a
/// relay's source: read as MPRIS through ``DevicePlayerProperties``, its commands sent to
/// bluetoothd on the Bluetooth part's system-bus connection.
///
/// What MediaPlayer1 cannot do (`Seek`, `SetPosition`, `OpenUri`, `Raise`, `Quit`, a `Rate`)
/// fails with `NotSupported`, saying so; a call that finds the device gone fails with an error
/// that says it left (player.c removes the object when the device disconnects).
final class DevicePlayerSource: RelaySource {
  private struct State: Sendable {
    var properties: DevicePlayerProperties
    var mirror: PlayerMirror
  }

  /// The MediaPlayer1's object path on the system bus.
  package let path: ObjectPath
  /// The name the relay owns on the session bus, for error messages.
  package let name: BusName
  private let bluetooth: BluetoothService
  private let state: Mutex<State>

  /// The source of the MediaPlayer1 at `path`, whose properties are `properties` now and whose
  /// device and player are called `identity` (mpris-proxy's `get_name`: the device's alias, a
  /// space and the player's `Name`), relayed as `name`.
  package init(
    path: ObjectPath, name: BusName, identity: String, properties: [String: Value],
    bluetooth: BluetoothService
  ) {
    self.path = path
    self.name = name
    self.bluetooth = bluetooth
    let mapped = DevicePlayerProperties(properties, at: path)
    var mirror = PlayerMirror(owner: BlueZ.busName, busNames: [name])
    mirror.isLoaded = true
    let instant = ContinuousClock.now
    _ = mirror.record(
      Self.root(identity: identity), of: MediaPlayerInterface.root.rawValue, replacing: true, at: instant)
    _ = mirror.record(mapped.player, of: MediaPlayerInterface.player.rawValue, replacing: true, at: instant)
    state = Mutex(State(properties: mapped, mirror: mirror))
  }

  /// The root interface's properties: who the player is, and that it can neither quit nor be
  /// raised (mpris-proxy's `mpris_properties`).
  private static func root(identity: String) -> [String: Value] {
    [
      RootProperty.identity.rawValue: .string(identity), RootProperty.canQuit.rawValue: .bool(false),
      RootProperty.canRaise.rawValue: .bool(false), RootProperty.hasTrackList.rawValue: .bool(false),
      RootProperty.supportedURISchemes.rawValue: .strings([]),
      RootProperty.supportedMIMETypes.rawValue: .strings([]),
    ]
  }

  var mirror: PlayerMirror? { state.withLock { $0.mirror } }

  /// What the relay announces after the MediaPlayer1's properties became `properties`.
  struct Update: Sendable {
    /// The player interface's properties whose value changed.
    package var player: [String]
    /// Whether `Identity` changed.
    var identity: Bool
    /// The new position in microseconds, when `Position` changed: MPRIS `Seeked`.
    var seeked: Int64?
  }

  /// Takes the MediaPlayer1's properties now, and its identity, into the mirror.
  package func take(_ properties: [String: Value], identity: String) -> Update {
    let mapped = DevicePlayerProperties(properties, at: path)
    let instant = ContinuousClock.now
    return state.withLock { state in
      let before = state.properties.player
      let names = Set(before.keys).union(mapped.player.keys).filter { before[$0] != mapped.player[$0] }
        .sorted()
      state.properties = mapped
      let playerKey = MediaPlayerInterface.player.rawValue
      for name in names where mapped.player[name] == nil {
        state.mirror.properties[playerKey]?[name] = nil
      }
      _ = state.mirror.record(
        mapped.player.filter { names.contains($0.key) }, of: playerKey, replacing: false, at: instant)
      let identityChanged = state.mirror[root: .identity] != .string(identity)
      if identityChanged {
        _ = state.mirror.record(
          [RootProperty.identity.rawValue: .string(identity)], of: MediaPlayerInterface.root.rawValue,
          replacing: false, at: instant)
      }
      let position =
        names.contains(PlayerProperty.position.rawValue) ? mapped.player["Position"]?.int64Value : nil
      return Update(
        player: names.filter { $0 != PlayerProperty.position.rawValue }, identity: identityChanged,
        seeked: position)
    }
  }

  // MARK: - Commands

  package func call(
    _ member: String, of interface: String, arguments: [Value],
    answered: @escaping @Sendable (Result<[Value], BusError>) -> Void
  ) {
    let target =
      interface == MediaPlayerInterface.player.rawValue
      ? PlayerMethod(rawValue: member).flatMap { method in
        state.withLock { $0.properties.member(for: method) }
      }
      : nil
    guard let target else {
      answered(
        .failure(
          BusError(
            .notSupported,
            "\(name) relays a Bluetooth device's player (org.bluez.MediaPlayer1 at \(path)), which cannot \(member)"
          )))
      return
    }
    guard let connection = bluetooth.connection else {
      answered(
        .failure(BusError(.disconnected, "\(name): the hub has no system bus connection to reach \(path)")))
      return
    }
    connection.call(destination: BlueZ.busName, path: path, interface: BlueZ.mediaPlayer, member: target) {
      [self] result in
      answered(result.map { _ in [] }.mapError { explained($0, doing: target) })
    }
  }

  package func write(
    _ property: String, of interface: String, _ value: Value,
    answered: @escaping @Sendable (Result<Void, BusError>) -> Void
  ) {
    // mpris-proxy's `set_shuffle` and `set_repeat`: MPRIS's two writable settings MediaPlayer1 has.
    let setting: (String, String)?
    switch (interface, property, value) {
    case (MediaPlayerInterface.player.rawValue, PlayerProperty.shuffle.rawValue, .bool(let on)):
      setting = ("Shuffle", on ? "alltracks" : "off")
    case (MediaPlayerInterface.player.rawValue, PlayerProperty.loopStatus.rawValue, .string(let loop)):
      let repeatMode: String? =
        switch LoopStatus(rawValue: loop) {
        case .none?: "off"
        case .track?: "singletrack"
        case .playlist?: "alltracks"
        case nil: nil
        }
      guard let repeatMode else {
        answered(.failure(.invalidArgs("LoopStatus is None, Track or Playlist, not \(loop)")))
        return
      }
      setting = ("Repeat", repeatMode)
    default:
      setting = nil
    }
    guard let (name, text) = setting else {
      answered(
        .failure(
          BusError(
            .notSupported,
            "\(self.name) relays a Bluetooth device's player (org.bluez.MediaPlayer1), which has no \(property) to set"
          )))
      return
    }
    guard let connection = bluetooth.connection else {
      answered(
        .failure(
          BusError(.disconnected, "\(self.name): the hub has no system bus connection to reach \(path)")))
      return
    }
    connection.call(
      destination: BlueZ.busName, path: path, interface: BlueZ.properties, member: "Set",
      arguments: [.string(BlueZ.mediaPlayer), .string(name), .variant(.string(text))]
    ) { [self] result in
      answered(result.map { _ in () }.mapError { explained($0, doing: "set \(name)") })
    }
  }

  /// `error`, from bluetoothd while `doing`, in words that say where it came from: a device
  /// whose player is gone (it disconnected mid-call: bluetoothd no longer has the object) and
  /// bluetoothd leaving the bus say so.
  private func explained(_ error: BusError, doing action: String) -> BusError {
    let how: String
    switch error.name {
    case .unknownObject, .unknownMethod, .unknownInterface:
      how =
        "the Bluetooth device's player \(path) is gone (the device disconnected) before it could \(action)"
    case .serviceUnknown, .nameHasNoOwner, .disconnected:
      how = "bluetoothd left the system bus before the device's player could \(action)"
    case .noReply, .timeout:
      how = "bluetoothd did not answer \(action) for \(path)"
    default:
      how = "bluetoothd answered \(action) on \(path) with an error"
    }
    return BusError(error.name, "\(name): \(how) (\(error.message))")
  }
}
