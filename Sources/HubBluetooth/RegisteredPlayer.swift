package import DBus
package import HubCore
import Logging
import NowPlayingArbiter
import PlayerView
import RemoteControl
import RemoteControlMPRIS
import Synchronization

/// The Now Playing player as the hub registers it with bluetoothd (`org.bluez.Media1.RegisterPlayer`,
/// BlueZ profiles/audio/media.c): an ``Outlet`` on the system bus connection whose every value is
/// one bluetoothd accepts (``RegisteredPlayerProperties``), named after the Now Playing app.
///
/// - Every property of `org.mpris.MediaPlayer2.Player` it serves, registers and announces goes
///   through ``RegisteredPlayerProperties``, after what ``BluetoothCapabilities`` says the hub
///   can do; one bluetoothd refused at registration (``PlayerRegistration``) is left out from then
///   on: the outlet reads its fallback, never announced again.
/// - `Identity`: bluetoothd names the player from it (media.c `set_name`, read by
///   `media_player_get_player_name`, "Player" without it), the name a car's player list shows.
///   It is the Now Playing app's MPRIS `Identity`, else the last part of its bus name; it rides in
///   the registration's dict, and at each switch of app (or change of its `Identity`) in a
///   `PropertiesChanged` of `org.mpris.MediaPlayer2.Player`, where bluetoothd reads it too (its
///   watch, `g_dbus_add_properties_watch` on that interface, parses every property with
///   `set_player_property`), so the hub never re-registers, which would put its player behind any
///   other on the adapter. With no Now Playing app, the last name stays.
package final class RegisteredPlayer: Sendable {
  private struct State: Sendable {
    /// The `Identity` bluetoothd was last given.
    var identity: String?
    /// The properties bluetoothd refused: left out of the dict and of every change.
    var leftOut: Set<String> = []
  }

  /// What the outlet's overrides share with the player: made before the outlet.
  private final class Shared: Sendable {
    let state = Mutex(State())
  }

  let outlet: Outlet
  /// The player the outlet serves.
  let nowPlaying: NowPlayingPlayer
  private let shared: Shared
  private let observers: Mutex<(hub: ObservationToken, view: ObservationToken)?> = Mutex(nil)

  private init(outlet: Outlet, nowPlaying: NowPlayingPlayer, shared: Shared) {
    self.outlet = outlet
    self.nowPlaying = nowPlaying
    self.shared = shared
  }

  /// Publishes `nowPlaying` on `connection` at the MPRIS path, with only its player interface,
  /// and starts following the Now Playing app's name; the outlet announces from now on.
  package static func publish(
    _ nowPlaying: NowPlayingPlayer, on connection: Connection, commands: CommandPath
  ) async throws(BusError) -> RegisteredPlayer {
    let shared = Shared()
    // Told each change first: bluetoothd tells the car only once it hears, while the session's
    // outlets' controllers need not wait on it.
    let outlet = try await nowPlaying.publish(
      on: connection, at: .mediaPlayer, interfaces: [.player],
      overrides: overrides(capabilities: BluetoothCapabilities.overrides(commands: commands), shared: shared),
      first: true)
    let player = RegisteredPlayer(outlet: outlet, nowPlaying: nowPlaying, shared: shared)
    outlet.setPublished(true)
    let hub = nowPlaying.hub.observe { [player] _ in player.tellIdentity() }
    let view = nowPlaying.view.observe { [player] change in
      if case .propertiesChanged(_, let interface, let names, _) = change,
        interface == MediaPlayerInterface.root.rawValue, names.contains(RootProperty.identity.rawValue)
      {
        player.tellIdentity()
      }
    }
    player.observers.withLock { $0 = (hub, view) }
    return player
  }

  /// What ``PlayerRegistration`` registers.
  package var registration: PlayerRegistration.Player {
    PlayerRegistration.Player(
      path: outlet.path, properties: { [self] in properties() }, leaveOut: { [self] in leaveOut($0) })
  }

  /// Stops following the app's name and withdraws the outlet.
  package func close() {
    if let tokens = observers.withLock({ $0.take() }) {
      nowPlaying.hub.removeObserver(tokens.hub)
      nowPlaying.view.removeObserver(tokens.view)
    }
    outlet.close()
  }

  // MARK: - The registration's dict

  /// The registration's dict now: the player interface's properties as bluetoothd accepts them,
  /// and `Identity`, without what bluetoothd refused. The outlet takes them as seen.
  func properties() -> [String: Value] {
    var values = outlet.currentProperties(of: .player)
    let name = identity()
    let leftOut = shared.state.withLock { state in
      if let name { state.identity = name }
      if let identity = state.identity { values[RootProperty.identity.rawValue] = .string(identity) }
      return state.leftOut
    }
    for property in leftOut { values[property] = nil }
    return values
  }

  /// Leaves `properties` out from now on (all of them again when empty): the outlet reads their
  /// fallback, taken as seen at once, so that none of them is announced again.
  func leaveOut(_ properties: Set<String>) {
    shared.state.withLock { $0.leftOut = properties }
    _ = outlet.currentProperties(of: .player)
  }

  /// The outlet's overrides: `capabilities`, then what bluetoothd accepts of every property of
  /// the player interface, its fallback for what it does not or refused.
  private static func overrides(capabilities: Outlet.Overrides, shared: Shared) -> Outlet.Overrides {
    Dictionary(
      uniqueKeysWithValues: InterfaceDescription.player.properties.map { property in
        let name = property.name
        let capability = capabilities[name]
        let override: @Sendable (Value) -> Value = { value in
          guard !shared.state.withLock({ $0.leftOut.contains(name) }) else { return property.fallback }
          return RegisteredPlayerProperties.accepted(name, capability?(value) ?? value) ?? property.fallback
        }
        return (name, override)
      })
  }

  // MARK: - The app's name

  /// The Now Playing app's name, `nil` when there is none: its MPRIS `Identity`, else the last
  /// part of its bus name (without an `.instanceN` suffix).
  func identity() -> String? {
    guard let active = nowPlaying.hub.nowPlaying.active else { return nil }
    if let owner = BusName(rawValue: active.owner),
      let value = nowPlaying.view.mirror(of: owner)?.properties[MediaPlayerInterface.root.rawValue]?[
        RootProperty.identity.rawValue],
      case .string(let identity)? = RegisteredPlayerProperties.accepted(RootProperty.identity.rawValue, value)
    {
      return identity
    }
    return Self.name(fromBusName: active.busName)
  }

  /// `org.mpris.MediaPlayer2.vlc.instance42` → `vlc`.
  static func name(fromBusName busName: String) -> String {
    var parts = busName.split(separator: ".").map(String.init)
    if parts.count > 1, let last = parts.last, last.hasPrefix("instance"),
      !last.dropFirst("instance".count).isEmpty,
      last.dropFirst("instance".count).allSatisfy(\.isNumber)
    {
      parts.removeLast()
    }
    return parts.last ?? busName
  }

  /// Tells bluetoothd the Now Playing app's name when it is not the one it was last given. On the
  /// view's connection thread, after the outlets took the switch.
  private func tellIdentity() {
    nowPlaying.view.connection.assertOnConnectionThread()
    guard outlet.isPublished, let name = identity() else { return }
    let changed = shared.state.withLock { state in
      guard state.identity != name, !state.leftOut.contains(RootProperty.identity.rawValue) else {
        return false
      }
      state.identity = name
      return true
    }
    guard changed else { return }
    outlet.connection.emitPropertiesChanged(
      path: outlet.path, interface: MediaPlayerInterface.player.rawValue,
      changed: [RootProperty.identity.rawValue: .string(name)])
    outlet.logger.debug("told bluetoothd the Now Playing app's name", metadata: ["identity": "\(name)"])
  }
}
