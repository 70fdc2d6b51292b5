import BusTestSupport
import Foundation
import Logging
import RemoteControl
import RemoteControlMPRIS
import RemoteControlTesting
import ServiceLifecycle
import Testing

/// An application served over MPRIS on a private bus, for one test: every event it receives is
/// recorded, and the test drives it with real clients.
@MainActor
final class TestPlayer {
  /// The test's own bus.
  let bus: PrivateBus
  /// The application served.
  let application: Application
  /// The bus name the player got.
  private(set) var busName = ""
  /// The player name, for `playerctl --player`.
  let playerName: String

  private var service: Task<Void, any Error>?
  /// Where the player's service logs.
  private let logger: Logger
  /// Every event delivered to the application, in order.
  let events = EventLog()

  /// Creates an application (its info center on `clock` when given) and a private bus; call
  /// ``start(_:)`` to put it on the bus.
  init(
    bus: PrivateBus, playerName: String = "test", clock: (any Clock<Duration>)? = nil,
    logger: Logger = Logger(label: "test-mpris")
  ) {
    self.bus = bus
    self.playerName = playerName
    self.logger = logger
    let artwork = bus.directory.appendingPathComponent("artwork", isDirectory: true)
    let center =
      if let clock { NowPlayingInfoCenter(clock: clock, artworkDirectory: artwork) } else {
        NowPlayingInfoCenter(artworkDirectory: artwork)
      }
    application = Application(nowPlayingInfoCenter: center)
    application.beginReceivingRemoteControlEvents()
    let events = events
    application.observeEvents { events.append($0) }
  }

  /// Starts the MPRIS service and waits until it owns its name.
  func start(_ configure: (inout MediaPlayerConfiguration) -> Void = { _ in }) async throws {
    var configuration = MediaPlayerConfiguration(
      playerName: playerName, identity: "Test Player", bus: .address(bus.address))
    configure(&configuration)
    let (names, continuation) = AsyncStream.makeStream(of: String.self)
    let mpris = MediaPlayerService(
      application: application, configuration: configuration, logger: logger
    ) { name in continuation.yield(name) }
    service = Task {
      defer { continuation.finish() }
      try await mpris.run()
    }
    /// How the wait for the name ended.
    enum Wait: Sendable {
      case named(String)
      case serviceEnded
      case timedOut
    }
    let wait = try await withThrowingTaskGroup(of: Wait.self) { group in
      group.addTask {
        var iterator = names.makeAsyncIterator()
        return await iterator.next().map(Wait.named) ?? .serviceEnded
      }
      group.addTask {
        // A bound for a failure, not a timing claim: a busy machine may take this long.
        try await Task.sleep(for: .seconds(30))
        return .timedOut
      }
      defer { group.cancelAll() }
      return try await group.next() ?? .timedOut
    }
    switch wait {
    case .named(let name):
      busName = name
    case .serviceEnded:
      var reason = "not started"
      if let service {
        switch await service.result {
        case .failure(let error): reason = "\(error)"
        case .success: reason = "it returned"
        }
      }
      throw TestFailure("the player did not get a bus name: the service ended (\(reason))")
    case .timedOut:
      throw TestFailure("the player did not get a bus name within 30 s")
    }
  }

  /// Stops the service (as a graceful shutdown would) and waits for it to end.
  func stop() async {
    service?.cancel()
    _ = try? await service?.value
  }

  // MARK: - Events

  /// The next event delivered to the application, within `timeout`.
  func nextEvent(within timeout: Duration = .seconds(10)) async throws -> EventDelivery {
    try await events.next(within: timeout)
  }

  /// The next event's command, checking that it came from an MPRIS caller, named by its unique
  /// name (method calls and property writes alike).
  func nextCommand(within timeout: Duration = .seconds(10)) async throws -> RemoteControlEvent.Command {
    let delivery = try await nextEvent(within: timeout)
    guard case .mpris(let sender) = delivery.event.source else {
      throw TestFailure("event \(delivery.event) did not come from MPRIS")
    }
    #expect(sender.hasPrefix(":"), "the sender is the caller's unique name")
    return delivery.event.command
  }

  // MARK: - Clients

  /// Runs `playerctl --player=<name> arguments…` on the bus.
  @discardableResult
  func playerctl(_ arguments: String...) async throws -> ClientResult {
    try await bus.playerctl(["--player=\(playerName)"] + arguments)
  }

  /// Calls a method with `gdbus call`; `arguments` in GVariant text.
  @discardableResult
  /// The object is where the method's interface lives (the extension's at its child object).
  func gdbusCall(_ method: String, _ arguments: String...) async throws -> ClientResult {
    let interface = String(method[..<(method.lastIndex(of: ".") ?? method.endIndex)])
    let path = RemotePlayer.objectPath(of: interface)
    return try await bus.gdbus(
      "call", ["--dest", busName, "--object-path", path, "--method", method, "--"] + arguments)
  }

  /// Sets a property with `gdbus call … org.freedesktop.DBus.Properties.Set`; `value` in GVariant
  /// text, such as `<'fast'>`.
  func gdbusSet(_ property: String, _ value: String, interface: String = MPRIS.player) async throws
    -> ClientResult
  {
    try await gdbusCall("org.freedesktop.DBus.Properties.Set", interface, property, value)
  }

  /// Reads a property with `busctl --user get-property`, printed as `TYPE VALUE`.
  func busctlGet(_ property: String, interface: String = "org.mpris.MediaPlayer2.Player") async throws
    -> String
  {
    let result = try await bus.busctl(
      "get-property", busName, RemotePlayer.objectPath(of: interface), interface, property)
    #expect(result.succeeded, "\(result)")
    return result.trimmed
  }

  /// Sets a property with `busctl --user set-property`.
  @discardableResult
  func busctlSet(
    _ property: String, _ signature: String, _ value: String,
    interface: String = "org.mpris.MediaPlayer2.Player"
  )
    async throws -> ClientResult
  {
    try await bus.busctl(
      "set-property", busName, RemotePlayer.objectPath(of: interface), interface, property, signature, value)
  }

  /// Reads a property as python3-dbus gets it, with its type.
  func typed(_ property: String, interface: String = "org.mpris.MediaPlayer2.Player") async throws
    -> TypedValue
  {
    try await bus.typedProperty(property, of: interface, at: busName)
  }
}

/// Runs `body` with a private bus and a player on it, then stops both.
@MainActor
func withPlayer(
  playerName: String = "test", clock: (any Clock<Duration>)? = nil,
  logger: Logger = Logger(label: "test-mpris"),
  configure: (inout MediaPlayerConfiguration) -> Void = { _ in },
  setUp: (Application) -> Void = { _ in },
  _ body: (TestPlayer) async throws -> Void
) async throws {
  let bus = try await PrivateBus.start()
  let player = TestPlayer(bus: bus, playerName: playerName, clock: clock, logger: logger)
  setUp(player.application)
  do {
    try await player.start(configure)
    try await body(player)
  } catch {
    await player.stop()
    await bus.stop()
    throw error
  }
  await player.stop()
  await bus.stop()
}

/// Runs `body` with a player that exports every MPRIS interface (a queue, so `TrackList`, and
/// playlists, so `Playlists`), once the bus lists both, then stops it as ``withPlayer``.
@MainActor
func withPlayerExportingEveryInterface(
  configure: (inout MediaPlayerConfiguration) -> Void = { _ in },
  _ body: (TestPlayer) async throws -> Void
) async throws {
  try await withPlayer(
    configure: configure,
    setUp: { application in
      application.playbackQueueCenter.queue = PlaybackQueue(
        items: [QueueItem(id: "item0", info: NowPlayingInfo(title: "Item 0"))], currentItemID: "item0")
      application.playbackQueueCenter.playlists = PlaylistLibrary(playlists: [Playlist(id: "p", name: "P")])
    }
  ) { player in
    try await QueueTests.waitUntilExported(
      MediaPlayerInterface.trackList.rawValue, on: player.bus, of: player.busName)
    try await QueueTests.waitUntilExported(
      MediaPlayerInterface.playlists.rawValue, on: player.bus, of: player.busName)
    try await body(player)
  }
}
