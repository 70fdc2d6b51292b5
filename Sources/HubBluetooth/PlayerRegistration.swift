package import DBus
import HubCore
package import Logging
import Synchronization

/// The Now Playing player's registration with every adapter's `org.bluez.Media1`: exactly one
/// `RegisterPlayer(o, a{sv})` per adapter, on each adapter bluetoothd has (including one that
/// appears later), again after bluetoothd restarts, and `UnregisterPlayer(o)` when the hub stops.
///
/// bluetoothd serves every AVRCP session the adapter's first registered player (profiles/audio/
/// avrcp.c `target_init`: `g_slist_nth_data(server->players, 0)`), reads the registration's
/// dict once (media.c `register_player` → `parse_player_properties`), then follows the
/// object's `PropertiesChanged` and `Seeked`; what a car shows is what it reads there: title,
/// artist, album, genre, track number, length, status, position, shuffle and loop (media.c
/// `set_player_property`). Artwork does not travel over AVRCP from BlueZ. Its presses come as
/// method calls with no reply expected (media.c `media_player_send` → `g_dbus_send_message`).
package final class PlayerRegistration: Sendable {
  /// What is registered: the object's path on the system bus connection and its properties now.
  package struct Player: Sendable {
    /// Where the player is served on the system bus connection.
    package var path: ObjectPath
    /// The `org.mpris.MediaPlayer2.Player` properties now, for the registration's dict.
    package var properties: @Sendable () -> [String: Value]

    package init(path: ObjectPath, properties: @escaping @Sendable () -> [String: Value]) {
      self.path = path
      self.properties = properties
    }
  }

  private enum Entry: Sendable, Equatable {
    /// RegisterPlayer was sent; `token` tells its answer from one to an earlier bluetoothd.
    case asking(token: Int)
    case registered
    /// bluetoothd refused it, saying why.
    case refused(String)
  }

  private let connection: Connection
  private let player: Player
  private let logger: Logger
  private let onChange: @Sendable ([ObjectPath]) -> Void
  private let entries = Mutex<(entries: [ObjectPath: Entry], next: Int)>(([:], 0))

  /// Registers `player`, served on `connection`, as adapters come; `onChange` hears the
  /// adapters it is registered with after each change.
  package init(
    player: Player, on connection: Connection, logger: Logger,
    onChange: @escaping @Sendable ([ObjectPath]) -> Void = { _ in }
  ) {
    self.connection = connection
    self.player = player
    self.logger = logger
    self.onChange = onChange
  }

  /// The adapters the player is registered with, sorted.
  var registered: [ObjectPath] {
    entries.withLock {
      $0.entries.filter { $0.value == .registered }.keys.sorted { $0.rawValue < $1.rawValue }
    }
  }

  /// Takes bluetoothd's objects now: registers with every adapter not asked yet, and forgets
  /// the adapters gone (bluetoothd forgot their players with them: media.c `path_free`). On the
  /// system bus connection's thread.
  func update(_ objects: BlueZObjects) {
    let adapters = Set(objects.mediaAdapters)
    let asks = entries.withLock { state -> [(ObjectPath, Int)] in
      state.entries = state.entries.filter { adapters.contains($0.key) }
      var asks: [(ObjectPath, Int)] = []
      for adapter in adapters.sorted(by: { $0.rawValue < $1.rawValue }) where state.entries[adapter] == nil {
        state.next += 1
        state.entries[adapter] = .asking(token: state.next)
        asks.append((adapter, state.next))
      }
      return asks
    }
    for (adapter, token) in asks { register(with: adapter, token: token) }
  }

  private func register(with adapter: ObjectPath, token: Int) {
    // What bluetoothd reads once to gate the presses it sends (CanControl, CanPlay…) is what the
    // outlet's overrides say the hub can do (``BluetoothCapabilities``).
    let properties = Value.vardict(player.properties())
    connection.call(
      destination: BlueZ.busName, path: adapter, interface: BlueZ.media, member: "RegisterPlayer",
      arguments: [.objectPath(player.path), properties]
    ) { [self] result in
      let current = entries.withLock { state -> Bool in
        guard state.entries[adapter] == .asking(token: token) else { return false }
        switch result {
        case .success: state.entries[adapter] = .registered
        case .failure(let error): state.entries[adapter] = .refused(error.message)
        }
        return true
      }
      guard current else { return }
      onChange(registered)
      switch result {
      case .success:
        logger.info(
          "registered the Now Playing player with a Bluetooth adapter", metadata: ["adapter": "\(adapter)"])
      case .failure(let error):
        logger.warning(
          "bluetoothd refused the Now Playing player's registration: Bluetooth devices on that adapter do not see it",
          metadata: ["adapter": "\(adapter)", "error": "\(error.name.rawValue): \(error.message)"])
      }
    }
  }

  /// Unregisters from every adapter, waiting at most 2 s for each answer.
  func unregisterAll() async {
    let adapters = entries.withLock { state in
      defer { state.entries = [:] }
      return state.entries.filter { $0.value == .registered }.map(\.key)
    }
    for adapter in adapters {
      do {
        _ = try await connection.call(
          destination: BlueZ.busName, path: adapter, interface: BlueZ.media, member: "UnregisterPlayer",
          arguments: [.objectPath(player.path)], timeout: .seconds(2))
        logger.debug("unregistered the Now Playing player", metadata: ["adapter": "\(adapter)"])
      } catch {
        logger.warning(
          "cannot unregister the Now Playing player",
          metadata: ["adapter": "\(adapter)", "error": "\(error.message)"])
      }
    }
  }
}
