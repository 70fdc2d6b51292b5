import BusTestSupport
import DBus
import Foundation
import Logging
import NowPlayingArbiter
import PlayerView
import Synchronization
import Testing

@testable import HubAudioSession
@testable import HubCore
@testable import remotectld

/// The Now Playing player published on a second bus through ``NowPlayingPlayer/publish(on:at:interfaces:extras:)``,
/// as a Bluetooth registration publishes it on the system bus: the hub's parts run in this
/// process on one private bus, where the players are, and the outlet serves on another, at a path
/// of its own, under its connection's unique name (as bluetoothd calls it).
@Suite(
  "The Now Playing player published on a second bus", .serialized, .enabled(if: HubTools.playerctlCanRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct NowPlayingOnASecondBusTests {
  /// Where the outlet serves the player on the second bus.
  static let path: ObjectPath = "/io/github/swift_remote_control/Outlet"

  /// The hub's Now Playing parts, in process, on `players`' bus: the view, the rule, the command
  /// path and the Now Playing player.
  struct Hub: Sendable {
    let thread: ConnectionThread
    let connection: Connection
    let hub: HubCore.Hub
    let nowPlaying: NowPlayingPlayer
    let stops: [@Sendable () -> Void]

    static func start(on players: PrivateBus) async throws -> Hub {
      let logger = Logger(label: "NowPlayingOnASecondBusTests")
      let thread = try ConnectionThread()
      let connection = try await Connection.connect(.address(players.address), on: thread)
      let filter = CandidateFilter()
      let view = PlayerView(connection: connection, logger: logger) { filter.admits($0.rawValue) }
      let hub = HubCore.Hub(view: view, filter: filter, logger: logger)
      // Not run: its system-bus connection never connects.
      let session = AudioSessionService(
        hub: hub, options: AudioSessionOptions(),
        systemBus: SystemBusConnection(thread: thread, logger: logger), logger: logger)
      let commands = CommandPath(hub: hub, audioSession: session, logger: logger)
      let nowPlaying = NowPlayingPlayer(hub: hub, commands: commands, logger: logger)
      let following = nowPlaying.start()
      let subscriptions = try await view.start()
      return Hub(
        thread: thread, connection: connection, hub: hub, nowPlaying: nowPlaying,
        stops: following + subscriptions.map { $0.cancel })
    }

    /// The Now Playing player's bus name, `""` when there is none.
    var active: String { hub.nowPlaying.active?.busName ?? "" }

    func stop() {
      stops.forEach { $0() }
      connection.close()
      thread.stop()
    }
  }

  /// A player's title, as playerctl reads it.
  private func title(of player: String, on bus: PrivateBus) async throws -> String {
    try await bus.run("playerctl", "-p", player, "metadata", "xesam:title").trimmed
  }

  /// A bus with two binaurals, a and b, b one track further (so their titles differ), and a second
  /// bus for the outlet; the titles by player.
  private func twoPlayersAndASecondBus() async throws -> (PrivateBus, PrivateBus, [String: String]) {
    let players = try await PrivateBus.start()
    let second = try await PrivateBus.start()
    try await players.startBinaural("a")
    try await players.startBinaural("b")
    try await players.tell("b", "\(PrivateBus.playerInterface).Next", announcing: "'Metadata'")
    return (
      players, second,
      ["a": try await title(of: "a", on: players), "b": try await title(of: "b", on: players)]
    )
  }

  /// Calls `member` of MPRIS's player interface at the outlet, with no reply expected (as
  /// bluetoothd calls a registered player: `media_player_send` → `g_dbus_send_message`).
  private func sendWithoutReply(_ member: String, to outlet: Outlet, on bus: PrivateBus) async throws {
    let result = try await bus.run(
      "busctl",
      [
        "--address", bus.address, "call", "--expect-reply=no", outlet.connection.uniqueName.rawValue,
        Self.path.rawValue, PrivateBus.playerInterface, member,
      ])
    #expect(result.status == 0, "\(result.error)")
  }

  @Test
  func
    `a Now Playing switch reaches the second outlet with the new title, and its no-reply Play reaches the app`()
    async throws
  {
    let (players, second, titles) = try await twoPlayersAndASecondBus()
    let titleA = titles["a"] ?? "?"
    let titleB = titles["b"] ?? "?"
    #expect(titleA != titleB, "b is one track further than a")
    let hub = try await Hub.start(on: players)
    let connection = try await Connection.connect(.address(second.address))
    let outlet = try await hub.nowPlaying.publish(on: connection, at: Self.path, interfaces: [.player])
    outlet.setPublished(true)

    // b plays: the registration's properties are b's.
    try await players.tell(
      "b", "\(PrivateBus.playerInterface).Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await eventually("b to be Now Playing", { hub.active }, until: { $0 == "org.mpris.MediaPlayer2.b" })
    // b may be Now Playing before its Play reaches the hub (it was the last to act): wait for both.
    _ = try await eventually(
      "the outlet to hand over b's title, playing", { outlet.currentProperties(of: .player) },
      until: {
        "\($0["Metadata"] ?? .string(""))".contains(titleB) && $0["PlaybackStatus"] == .string("Playing")
      })

    // a takes over: the outlet announces a's title at its own path on the second bus.
    let announced = try SignalMonitor(on: second, sender: connection.uniqueName.rawValue)
    try await announced.ready()
    try await players.tell(
      "b", "\(PrivateBus.playerInterface).Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await players.tell(
      "a", "\(PrivateBus.playerInterface).Play", announcing: "'PlaybackStatus': <'Playing'>")
    let line = try await announced.wait(for: titleA)
    #expect(
      line.contains(
        "\(Self.path): org.freedesktop.DBus.Properties.PropertiesChanged ('\(PrivateBus.playerInterface)'"),
      "\(line)")
    #expect(line.contains("'PlaybackStatus': <'Playing'>"), "\(line)")

    // Pause, then Play, sent at the outlet with no reply expected, reach a through the command path.
    let aSignals = try SignalMonitor(on: players, sender: "org.mpris.MediaPlayer2.a")
    try await aSignals.ready()
    try await sendWithoutReply("Pause", to: outlet, on: second)
    try await aSignals.wait(for: "'PlaybackStatus': <'Paused'>")
    try await announced.wait(for: "'PlaybackStatus': <'Paused'>")
    try await sendWithoutReply("Play", to: outlet, on: second)
    try await aSignals.wait(for: "'PlaybackStatus': <'Playing'>")
    #expect(try await players.run("playerctl", "-p", "b", "status").trimmed == "Paused")

    // A call that expects a reply is answered once the player has answered.
    let call = try await second.run(
      "busctl",
      [
        "--address", second.address, "call", connection.uniqueName.rawValue, Self.path.rawValue,
        PrivateBus.playerInterface, "Pause",
      ])
    #expect(call.status == 0, "\(call.error)")
    #expect(try await players.run("playerctl", "-p", "a", "status").trimmed == "Paused")

    // Closed, the outlet is gone from the second bus.
    outlet.close()
    try await eventually(
      "the outlet to leave the second bus",
      {
        try await second.run(
          "busctl",
          ["--address", second.address, "introspect", connection.uniqueName.rawValue, Self.path.rawValue]
        ).output
      }, until: { !$0.contains(PrivateBus.playerInterface) })

    await announced.stop()
    await aSignals.stop()
    connection.close()
    hub.stop()
    await players.stop()
    await second.stop()
  }

  /// When each PropertiesChanged arrived, as a watcher in this process sees it.
  final class Arrivals: Sendable {
    private let records = Mutex<[(sender: String, text: String, at: ContinuousClock.Instant)]>([])

    func record(_ message: ReceivedMessage) {
      let text = "\(message.arguments)"
      let sender = message.sender?.rawValue ?? ""
      let now = ContinuousClock.now
      records.withLock { $0.append((sender, text, now)) }
    }

    /// When the first signal from `sender` after `start` whose arguments contain every one of
    /// `texts` arrived.
    func first(from sender: String, after start: ContinuousClock.Instant, containing texts: [String])
      -> ContinuousClock.Instant?
    {
      records.withLock { records in
        records.first { record in
          record.sender == sender && record.at >= start && texts.allSatisfy { record.text.contains($0) }
        }?.at
      }
    }
  }

  /// The figure of issue 37, measured (not asserted): a Now Playing switch reaches the second
  /// outlet as PropertiesChanged with the new title this long after the new player's own signal.
  @Test func `how long a switch takes to reach the second outlet, after the new player's own signal`()
    async throws
  {
    let (players, second, titles) = try await twoPlayersAndASecondBus()
    let hub = try await Hub.start(on: players)
    let connection = try await Connection.connect(.address(second.address))
    let outlet = try await hub.nowPlaying.publish(on: connection, at: Self.path, interfaces: [.player])
    outlet.setPublished(true)
    let arrivals = Arrivals()
    let rule = "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'"
    let playersWatcher = try await Connection.connect(.address(players.address))
    let secondWatcher = try await Connection.connect(.address(second.address))
    let watches = [
      try await playersWatcher.addMatch(rule: rule) { arrivals.record($0) },
      try await secondWatcher.addMatch(rule: rule) { arrivals.record($0) },
    ]
    var owners: [String: String] = [:]
    for name in ["a", "b"] {
      owners[name] = try await eventually("\(name) to be a candidate") {
        hub.hub.candidate(named: "org.mpris.MediaPlayer2.\(name)")?.owner
      }
    }
    var delays: [Duration] = []
    for round in 0..<20 {
      let (new, old) = round.isMultiple(of: 2) ? ("a", "b") : ("b", "a")
      try await players.gdbusCall("org.mpris.MediaPlayer2.\(old)", "\(PrivateBus.playerInterface).Pause")
      let start = ContinuousClock.now
      try await players.gdbusCall("org.mpris.MediaPlayer2.\(new)", "\(PrivateBus.playerInterface).Play")
      let (signal, announced) = try await eventually("the switch to \(new) to reach the second outlet") {
        () -> (ContinuousClock.Instant, ContinuousClock.Instant)? in
        guard
          let signal = arrivals.first(
            from: owners[new] ?? "", after: start, containing: ["PlaybackStatus", "Playing"]),
          let announced = arrivals.first(
            from: connection.uniqueName.rawValue, after: start, containing: [titles[new] ?? "?"])
        else { return nil }
        return (signal, announced)
      }
      delays.append(announced - signal)
    }
    let sorted = delays.sorted()
    print(
      "a Now Playing switch reached the second outlet, after the new player's own signal: "
        + "p50 \(sorted[sorted.count / 2]), max \(sorted.last ?? .zero) (\(sorted.count) switches)")

    watches.forEach { $0.cancel() }
    playersWatcher.close()
    secondWatcher.close()
    outlet.close()
    connection.close()
    hub.stop()
    await players.stop()
    await second.stop()
  }
}
