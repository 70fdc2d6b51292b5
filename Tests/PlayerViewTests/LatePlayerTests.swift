import BusTestSupport
import DBus
import Logging
import PlayerView
import Testing

/// The view reads a player whose first read fails (its object not there yet, or its answer too
/// late) again, and never lets that failed read undo what the player announced: a real
/// dbus-daemon, the view on a connection of its own, and `late_player.py`, a python3-dbus player
/// that is slow as Firefox and busy players are.
@Suite("A player read too early or answering too late", .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct LatePlayerTests {
  static let player = PythonProgram.path("late_player.py")
  static let name: BusName = "org.mpris.MediaPlayer2.late"
  static let title = "Late Track"

  /// The view, on a connection of its own to `bus`, watching every player.
  struct Watching {
    let connection: Connection
    let view: PlayerView
    let subscriptions: [Subscription]

    static func start(on bus: PrivateBus) async throws -> Watching {
      let connection = try await Connection.connect(.address(bus.address))
      let view = PlayerView(connection: connection, logger: Logger(label: "LatePlayerTests")) { _ in true }
      return Watching(connection: connection, view: view, subscriptions: try await view.start())
    }

    /// The player's status and title as the view's mirror holds them.
    var late: (status: String?, title: String?, isLoaded: Bool) {
      guard let mirror = view.mirror(named: LatePlayerTests.name) else { return (nil, nil, false) }
      return (mirror.playbackStatus, mirror.metadata["xesam:title"]?.stringValue, mirror.isLoaded)
    }

    func stop() {
      subscriptions.forEach { $0.cancel() }
      connection.close()
    }

    /// A bus and the view watching it; then `body`, then both stopped, whatever `body` did.
    static func with(_ body: (PrivateBus, Watching) async throws -> Void) async throws {
      let bus = try await PrivateBus.start()
      let watching = try await Watching.start(on: bus)
      do {
        try await body(bus, watching)
      } catch {
        watching.stop()
        await bus.stop()
        throw error
      }
      watching.stop()
      await bus.stop()
    }
  }

  /// Starts the view, then a player that owns its name and exports its object `delay` milliseconds later;
  /// waits until the view holds it Playing its title.
  private func viewReadsAPlayerExported(afterMilliseconds delay: Int) async throws {
    try await Watching.with { bus, watching in
      let player = try bus.start(PrivateBus.python3, Self.player, "export", "\(delay)")
      _ = try await player.line { $0 == "named" }
      _ = try await player.line { $0 == "exported" }
      // Nothing more comes from the player: only a new read can tell the view it plays.
      try await eventually(
        "the view to hold the late player Playing \"\(Self.title)\"", within: .seconds(20), { watching.late },
        until: { $0.status == "Playing" && $0.title == Self.title })
    }
  }

  @Test func `a player that exports its object half a second after owning its name is read Playing`()
    async throws
  {
    try await viewReadsAPlayerExported(afterMilliseconds: 500)
  }

  @Test func `a player that exports its object two seconds after owning its name is read Playing`()
    async throws
  {
    try await viewReadsAPlayerExported(afterMilliseconds: 2000)
  }

  @Test func `a read that times out does not undo the Playing the player announced`() async throws {
    try await Watching.with { bus, watching in
      // Every read of its player interface is answered after the view's 5 s.
      let player = try bus.start(PrivateBus.python3, Self.player, "answer", "8000", "1000")
      _ = try await player.line(within: .seconds(20)) { $0 == "asked" }
      try await eventually(
        "the view to take in the announced Playing", { watching.late }, until: { $0.status == "Playing" })
      // The first read has timed out once the view counts the player as read.
      let late = try await eventually(
        "the view to give up on the first read", within: .seconds(20), { watching.late },
        until: { $0.isLoaded })
      #expect(late.status == "Playing", "what the player announced outlives a read that failed")
    }
  }

  @Test func `a read that times out is tried again`() async throws {
    try await Watching.with { bus, watching in
      // Only the first read is answered late; the title is in the reads only.
      let player = try bus.start(PrivateBus.python3, Self.player, "answer", "8000", "1")
      _ = try await player.line(within: .seconds(20)) { $0 == "asked" }
      try await eventually(
        "the view to read the player's title on a read after the one that timed out", within: .seconds(30),
        { watching.late }, until: { $0.status == "Playing" && $0.title == Self.title && $0.isLoaded })
    }
  }
}
