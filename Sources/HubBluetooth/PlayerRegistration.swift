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
///
/// bluetoothd refuses a registration whose dict has an entry `set_player_property` refuses
/// (`register_player`: `btd_error_invalid_args`, "Invalid arguments in method call", which does not
/// say which entry): the hub logs it and registers again without each of the dict's properties in
/// turn (the first accepted is registered), then without ever more of them in the dict's order (the
/// order bluetoothd parses, `parse_player_properties` stopping at the first it refuses), the last
/// try an empty dict. The properties left out stay out of every later change (``Player/leaveOut``,
/// as bluetoothd would stop parsing a change at them too) until bluetoothd leaves, and
/// ``refusals`` says what happened for `remotectl doctor`.
package final class PlayerRegistration: Sendable {
  /// What is registered: the object's path on the system bus connection and its properties now.
  package struct Player: Sendable {
    /// Where the player is served on the system bus connection.
    package var path: ObjectPath
    /// The registration's dict now (`org.mpris.MediaPlayer2.Player`'s properties and `Identity`),
    /// without the properties left out.
    package var properties: @Sendable () -> [String: Value]
    /// Leaves these properties out of the dict and of every later change (none when empty).
    package var leaveOut: @Sendable (Set<String>) -> Void = { _ in }
  }

  /// What bluetoothd refused of the registration with one adapter, and what the hub did.
  package struct Refusal: Sendable, Hashable {
    /// bluetoothd's error, as `NAME: message`.
    package var error: String
    /// Whether the player is registered all the same, without ``leftOut``.
    package var isRegistered: Bool
    /// The properties it is registered without, sorted.
    package var leftOut: [String]

    /// One sentence for `remotectl doctor`.
    package var sentence: String {
      "bluetoothd refused the registration (\(error)); "
        + (!isRegistered
          ? "the Now Playing player is not registered"
          : leftOut.isEmpty
            ? "registered on a later try"
            : "registered without \(leftOut.joined(separator: ", ")), which devices on it do not see")
    }
  }

  private enum Entry: Sendable, Equatable {
    /// RegisterPlayer was sent; `token` tells its answer from one to an earlier bluetoothd.
    case asking(token: Int)
    case registered
    /// bluetoothd refused it, saying why.
    case refused(String)
  }

  /// One try of a registration: what it leaves out, and the tries after it should it be refused
  /// as ill-typed.
  private struct Attempt: Sendable {
    var token: Int
    var without: Set<String> = []
    var next: [Set<String>]?
    /// bluetoothd's first refusal.
    var refusal: String?
  }

  private struct State: Sendable {
    var entries: [ObjectPath: Entry] = [:]
    var next = 0
    var refusals: [ObjectPath: Refusal] = [:]
    /// The properties left out of the dict and of every change, for every adapter.
    var leftOut: Set<String> = []
  }

  private let connection: Connection
  private let player: Player
  private let logger: Logger
  private let onChange: @Sendable ([ObjectPath], [ObjectPath: Refusal]) -> Void
  private let state = Mutex(State())

  /// Registers `player`, served on `connection`, as adapters come; `onChange` hears the
  /// adapters it is registered with and the refusals after each change.
  package init(
    player: Player, on connection: Connection, logger: Logger,
    onChange: @escaping @Sendable ([ObjectPath], [ObjectPath: Refusal]) -> Void = { _, _ in }
  ) {
    self.connection = connection
    self.player = player
    self.logger = logger
    self.onChange = onChange
  }

  /// The adapters the player is registered with, sorted.
  var registered: [ObjectPath] {
    state.withLock {
      $0.entries.filter { $0.value == .registered }.keys.sorted { $0.rawValue < $1.rawValue }
    }
  }

  /// What bluetoothd refused, by adapter.
  var refusals: [ObjectPath: Refusal] { state.withLock { $0.refusals } }

  /// Takes bluetoothd's objects now: registers with every adapter not asked yet, and forgets
  /// the adapters gone (bluetoothd forgot their players with them: media.c `path_free`); with no
  /// adapter left, what was left out is served again. On the system bus connection's thread.
  func update(_ objects: BlueZObjects) {
    connection.assertOnConnectionThread()
    let adapters = Set(objects.mediaAdapters)
    let (asks, gone, restore) = state.withLock { state -> ([(ObjectPath, Int)], [ObjectPath], Bool) in
      let gone = state.entries.keys.filter { !adapters.contains($0) }
      state.entries = state.entries.filter { adapters.contains($0.key) }
      state.refusals = state.refusals.filter { adapters.contains($0.key) }
      let restore = adapters.isEmpty && !state.leftOut.isEmpty
      if restore { state.leftOut = [] }
      var asks: [(ObjectPath, Int)] = []
      for adapter in adapters.sorted(by: { $0.rawValue < $1.rawValue }) where state.entries[adapter] == nil {
        state.next += 1
        state.entries[adapter] = .asking(token: state.next)
        asks.append((adapter, state.next))
      }
      return (asks, gone, restore)
    }
    for adapter in gone.sorted(by: { $0.rawValue < $1.rawValue }) {
      logger.info("a Bluetooth adapter went, with the registration", metadata: ["adapter": "\(adapter)"])
    }
    if restore { player.leaveOut([]) }
    for (adapter, token) in asks { register(with: adapter, Attempt(token: token)) }
  }

  private func register(with adapter: ObjectPath, _ attempt: Attempt) {
    // What bluetoothd reads once to gate the presses it sends (CanControl, CanPlay…) is what the
    // outlet's overrides say the hub can do (``BluetoothCapabilities``).
    var properties = player.properties()
    for name in attempt.without { properties[name] = nil }
    // The order bluetoothd parses them in: Value.vardict sorts the keys.
    let names = properties.keys.sorted()
    connection.call(
      destination: BlueZ.busName, path: adapter, interface: BlueZ.media, member: "RegisterPlayer",
      arguments: [.objectPath(player.path), .vardict(properties)]
    ) { [self] result in
      answered(result, by: adapter, to: attempt, names: names)
    }
  }

  /// Takes bluetoothd's answer to `attempt`, which sent the properties `names`; on the system bus
  /// connection's thread.
  private func answered(
    _ result: Result<[Value], BusError>, by adapter: ObjectPath, to attempt: Attempt, names: [String]
  ) {
    connection.assertOnConnectionThread()
    var attempt = attempt
    if case .failure(let error) = result, error.name == BlueZ.invalidArguments {
      let reason = "\(error.name.rawValue): \(error.message)"
      if attempt.next == nil {
        // Without each property in turn, then without ever more of them in bluetoothd's order.
        attempt.next = names.map { Set([$0]) } + names.indices.dropFirst().map { Set(names[...$0]) }
        attempt.refusal = reason
        logger.warning(
          "bluetoothd refused the Now Playing player's registration as ill-typed; registering without each of its properties in turn",
          metadata: [
            "adapter": "\(adapter)", "error": "\(reason)", "properties": "\(names.joined(separator: ","))",
          ])
      }
      if let without = attempt.next?.first {
        attempt.next?.removeFirst()
        attempt.without = without
        guard state.withLock({ $0.entries[adapter] == .asking(token: attempt.token) }) else { return }
        register(with: adapter, attempt)
        return
      }
    }
    let leftOut = attempt.without.sorted()
    let refusal: Refusal? =
      switch result {
      case .success:
        attempt.refusal.map { Refusal(error: $0, isRegistered: true, leftOut: leftOut) }
      case .failure(let error):
        Refusal(
          error: attempt.refusal ?? "\(error.name.rawValue): \(error.message)", isRegistered: false,
          leftOut: [])
      }
    let current = state.withLock { state -> Set<String>? in
      guard state.entries[adapter] == .asking(token: attempt.token) else { return nil }
      switch result {
      case .success: state.entries[adapter] = .registered
      case .failure(let error): state.entries[adapter] = .refused(error.message)
      }
      state.refusals[adapter] = refusal
      if case .success = result { state.leftOut.formUnion(attempt.without) }
      return state.leftOut
    }
    guard let leftOutNow = current else { return }
    if case .success = result, !attempt.without.isEmpty { player.leaveOut(leftOutNow) }
    onChange(registered, refusals)
    switch result {
    case .success where attempt.refusal != nil:
      logger.warning(
        "registered the Now Playing player without what bluetoothd refused: Bluetooth devices on that adapter do not see it",
        metadata: ["adapter": "\(adapter)", "leftOut": "\(leftOut.joined(separator: ","))"])
    case .success:
      logger.info(
        "registered the Now Playing player with a Bluetooth adapter", metadata: ["adapter": "\(adapter)"])
    case .failure(let error):
      logger.warning(
        "bluetoothd refused the Now Playing player's registration: Bluetooth devices on that adapter do not see it",
        metadata: ["adapter": "\(adapter)", "error": "\(error.name.rawValue): \(error.message)"])
    }
  }

  /// Unregisters from every adapter, waiting at most 2 s for each answer.
  func unregisterAll() async {
    let adapters = state.withLock { state in
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
