import BusTestSupport
import Foundation
import HubAPI
import Synchronization
import Testing

/// The hub's system-bus part: MPRIS players on a private system bus (the tests' own python3-dbus
/// player, ``SystemBusPlayer``, also playing shairport-sync's part) relayed to a private session
/// bus as `NAME.system`, and reached there by playerctl, remotectl, the hub and its proxy.
@Suite(
  "The hub and the system bus's players", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct SystemBusPlayerTests {
  /// A session bus, a private system bus and the hub on both; `body` gets them and what it starts
  /// on them with `start`, stopped after it.
  static func withSystemBus(
    _ body: (PrivateBus, ConfiguredBus, _ start: Starter) async throws -> Void
  ) async throws {
    let bus = try await PrivateBus.start()
    let system: ConfiguredBus
    do {
      system = try await ConfiguredBus.start(.system, in: bus.directory)
    } catch {
      await bus.stop()
      throw error
    }
    let starter = Starter(system: system, session: bus)
    do {
      try await bus.startHub(environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
      try await body(bus, system, starter)
    } catch {
      let log = (try? Self.log(of: bus)) ?? ""
      await starter.stopAll()
      await bus.stop()
      await system.stop()
      throw TestFailure("\(error)\nthe hub's log:\n\(log)")
    }
    await starter.stopAll()
    await bus.stop()
    await system.stop()
  }

  /// Starts the tests' players and stops them all at the end.
  final class Starter: Sendable {
    let system: ConfiguredBus
    let session: PrivateBus
    private let started = Mutex<[SystemBusPlayer]>([])

    init(system: ConfiguredBus, session: PrivateBus) {
      self.system = system
      self.session = session
    }

    func callAsFunction(_ name: String, _ options: SystemBusPlayer.Option...) async throws -> SystemBusPlayer
    {
      let player = try await SystemBusPlayer.start(name, options, system: system, session: session)
      started.withLock { $0.append(player) }
      return player
    }

    func stopAll() async {
      for player in started.withLock({ $0 }) { await player.stop() }
    }
  }

  static func log(of bus: PrivateBus) throws -> String {
    try String(contentsOf: bus.directory.appendingPathComponent("remotectld.log"), encoding: .utf8)
  }

  /// `playerctl -p PLAYER ARGUMENTS…`'s output, trimmed.
  static func playerctl(_ bus: PrivateBus, _ player: String, _ arguments: String...) async throws -> String {
    let result = try await bus.playerctl(["-p", player] + arguments)
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test
  func `a system-bus player is listed as NAME.system, and its calls and writes reach it on the system bus`()
    async throws
  {
    try await Self.withSystemBus { bus, _, start in
      let system = try await start("twin")
      // The same name on the session bus: another player.
      let session = try await start("twin", .session)
      try await eventually("playerctl to list both", { try await bus.run("playerctl", "-l").output }) {
        Set($0.split(separator: "\n")) == ["twin", "twin.system"]
      }
      try await eventually("the hub to list both", { try await bus.hubPlayers() }) {
        Set($0) == ["twin", "twin.system"]
      }
      let listed = try await bus.run(BuiltProducts.remotectl, ["-l"]).output
      #expect(listed.contains("twin.system"), "\(listed)")
      #expect(try await Self.playerctl(bus, "twin.system", "metadata", "title") == "twin on the system bus")

      _ = try await bus.playerctl("-p", "twin.system", "play")
      try await system.took("call Play")
      try await eventually(
        "the relay to say Playing", { try await Self.playerctl(bus, "twin.system", "status") }
      ) {
        $0 == "Playing"
      }
      _ = try await bus.playerctl("-p", "twin.system", "next")
      try await system.took("call Next")
      _ = try await bus.playerctl("-p", "twin.system", "loop", "Track")
      try await system.took("set LoopStatus Track")
      try await eventually(
        "the relay to read the loop", { try await Self.playerctl(bus, "twin.system", "loop") }
      ) {
        $0 == "Track"
      }
      #expect(session.count(of: "call Play") == 0 && session.count(of: "call Next") == 0)

      // Playing, it is Now Playing: the proxy's Next reaches it on the system bus.
      try await eventually("the relay to be Now Playing", { try await bus.hubActive() }) {
        $0 == "twin.system"
      }
      try await bus.gdbusCall(PrivateBus.proxyName, "org.mpris.MediaPlayer2.Player.Next")
      try await system.took("call Next", times: 2)
      #expect(session.count(of: "call Next") == 0)
    }
  }

  @Test func `a relay announces its source's changes and jumps, and forwards a call that expects no reply`()
    async throws
  {
    try await Self.withSystemBus { bus, _, start in
      let player = try await start("moving")
      try await eventually("the relay", { try await bus.hubPlayers() }) { $0 == ["moving.system"] }
      // The hub's view learns of a relay's changes only from its signals: the proxy, which reads
      // that view, says what the relay announced (PropertiesChanged, then Seeked).
      try await player.send("status Playing")
      try await eventually("the proxy to say Playing", { try await Self.proxy(bus, "PlaybackStatus") }) {
        $0.contains("'Playing'")
      }
      try await player.send("seek 5000000")
      try await eventually("the proxy's position to jump", { try await Self.proxy(bus, "Position") }) {
        Self.microseconds(in: $0).map { (5_000_000..<8_000_000).contains($0) } ?? false
      }
      // dbus-send's method call without --print-reply asks for no reply: it is sent on all the same.
      let sent = try await bus.run(
        "dbus-send", "--session", "--type=method_call", "--dest=org.mpris.MediaPlayer2.moving.system",
        "/org/mpris/MediaPlayer2", "\(Self.player).Previous")
      #expect(sent.succeeded, "\(sent)")
      try await player.took("call Previous")
    }
  }

  @Test func `illegal values read as legal ones, and an ill-typed one is dropped with one log line`()
    async throws
  {
    try await Self.withSystemBus { bus, _, start in
      let player = try await start("illegal", .illegal)
      try await eventually("the relay", { try await bus.hubPlayers() }) { $0.contains("illegal.system") }
      #expect(try await Self.playerctl(bus, "illegal.system", "status") == "Stopped")
      #expect(try await Self.playerctl(bus, "illegal.system", "loop") == "None")
      let relay = "org.mpris.MediaPlayer2.illegal.system"
      let rate = try await bus.gdbusCall(relay, "org.freedesktop.DBus.Properties.Get", [Self.player, "Rate"])
      #expect(rate.contains("<1.0>"), "\(rate)")
      let volume = try await bus.gdbusCall(
        relay, "org.freedesktop.DBus.Properties.Get", [Self.player, "Volume"])
      #expect(volume.contains("<1.0>"), "\(volume)")
      // Announced again: still one line.
      try await player.send("volume-again")
      try await player.send("status Playing")
      try await eventually(
        "the relay to say Playing", { try await Self.playerctl(bus, "illegal.system", "status") }
      ) {
        $0 == "Playing"
      }
      let log = try Self.log(of: bus)
      #expect(log.components(separatedBy: "another type than MPRIS declares").count - 1 == 1, "\(log)")
    }
  }

  static let player = "org.mpris.MediaPlayer2.Player"

  /// The proxy's `property` of MPRIS's player interface, as gdbus prints it.
  static func proxy(_ bus: PrivateBus, _ property: String) async throws -> String {
    try await bus.gdbusCall(PrivateBus.proxyName, "org.freedesktop.DBus.Properties.Get", [player, property])
  }

  /// The number in gdbus's `(<int64 5000000>,)`.
  static func microseconds(in output: String) -> Int64? {
    output.split(separator: " ").last.flatMap { Int64(String($0.filter(\.isNumber))) }
  }

  @Test func `an AirPlay receiver with no way back to the sender offers no Pause, and a Pause gets an error`()
    async throws
  {
    try await Self.withSystemBus { bus, _, start in
      let receiver = try await start("ShairportSync", .shairport)
      try await receiver.send("active true")
      try await receiver.send("status Playing")
      try await eventually("the receiver to be Now Playing", { try await bus.hubActive() }) {
        $0 == "ShairportSync.system"
      }
      let relay = "org.mpris.MediaPlayer2.ShairportSync.system"
      for name in [relay, PrivateBus.proxyName] {
        let canPause = try await bus.gdbusCall(
          name, "org.freedesktop.DBus.Properties.Get", [Self.player, "CanPause"])
        #expect(canPause.contains("false"), "\(name): \(canPause)")
      }
      let pause = try await bus.gdbusCallResult(relay, "\(Self.player).Pause")
      #expect(pause.status != 0)
      #expect(
        pause.error.contains("NotSupported") && pause.error.contains("cannot reach the AirPlay sender"),
        "\(pause)")
      #expect(receiver.count(of: "call Pause") == 0)

      // A way back: Pause is offered and reaches it.
      try await receiver.send("available true")
      try await eventually(
        "the proxy to offer Pause",
        {
          try await bus.gdbusCall(
            PrivateBus.proxyName, "org.freedesktop.DBus.Properties.Get", [Self.player, "CanPause"])
        }
      ) { $0.contains("true") }
      try await bus.gdbusCall(relay, "\(Self.player).Pause")
      try await receiver.took("call Pause")
    }
  }

  @Test func `an AirPlay receiver may be Now Playing only while a sender streams to it or it plays`()
    async throws
  {
    try await Self.withSystemBus { bus, _, start in
      let receiver = try await start("ShairportSync", .shairport)
      try await eventually("the hub to list the receiver", { try await bus.hubPlayers() }) {
        $0 == ["ShairportSync.system"]
      }
      // Listed, alone, but no sender: not Now Playing. The hub holds it back in the answer that
      // lists it, so it never was.
      #expect(try await bus.hubActive() == "")
      try await receiver.send("active true")
      try await eventually("the receiver to be Now Playing", { try await bus.hubActive() }) {
        $0 == "ShairportSync.system"
      }
      try await receiver.send("active false")
      try await eventually("the receiver to be Now Playing no more", { try await bus.hubActive() }) {
        $0 == ""
      }
      // Playing without Active (a sender that says nothing of its session) makes it eligible too.
      try await receiver.send("status Playing")
      try await eventually("the playing receiver to be Now Playing", { try await bus.hubActive() }) {
        $0 == "ShairportSync.system"
      }
      // A stream that ended says Stopped at once, while shairport-sync keeps Active for its
      // active_state_timeout: the session ends here with the stream.
      try await receiver.send("active true")
      try await receiver.send("status Stopped")
      try await eventually("the stopped receiver to be Now Playing no more", { try await bus.hubActive() }) {
        $0 == ""
      }
    }
  }

  @Test
  func `after the session bus restarts, the relay is back and an idle AirPlay receiver still held back`()
    async throws
  {
    try await Self.withSystemBus { bus, _, start in
      let receiver = try await start("ShairportSync", .shairport)
      try await eventually("the hub to list the receiver", { try await bus.hubPlayers() }) {
        $0 == ["ShairportSync.system"]
      }
      try await bus.restart()
      try await bus.waitForName(PrivateBus.hubName)
      try await bus.waitForName("org.mpris.MediaPlayer2.ShairportSync.system")
      try await eventually("the hub to list the receiver again", { try await bus.hubPlayers() }) {
        $0 == ["ShairportSync.system"]
      }
      // Whichever came first, the name or the relay's new entry in the registry: held back.
      try await eventually("the receiver to be held back", { try await bus.hubActive() }) { $0 == "" }
      try await receiver.send("active true")
      try await eventually("the receiver to be Now Playing", { try await bus.hubActive() }) {
        $0 == "ShairportSync.system"
      }
    }
  }

  @Test func `a system-bus player that leaves mid-call fails the call clearly, and the hub goes on serving`()
    async throws
  {
    try await Self.withSystemBus { bus, _, start in
      let leaving = try await start("leaving")
      try await eventually("the relay", { try await bus.hubPlayers() }) { $0 == ["leaving.system"] }
      try await leaving.send("die-on-next")
      let next = try await bus.gdbusCallResult("org.mpris.MediaPlayer2.leaving.system", "\(Self.player).Next")
      #expect(next.status != 0)
      #expect(next.error.contains("org.mpris.MediaPlayer2.leaving"), "\(next)")
      #expect(next.error.contains("left the system bus") || next.error.contains("did not answer"), "\(next)")
      try await eventually("the relay to vanish", { try await bus.hubPlayers() }) { $0 == [] }
      // The hub goes on: a new system-bus player is relayed and reached.
      let next2 = try await start("next")
      try await eventually("the new relay", { try await bus.hubPlayers() }) { $0 == ["next.system"] }
      _ = try await bus.playerctl("-p", "next.system", "next")
      try await next2.took("call Next")
    }
  }

  @Test func `no system bus: one log line, doctor says it, and the session's players are served as before`()
    async throws
  {
    try await PrivateBus.with { bus in
      try await bus.startHubWithoutSystemBus()
      let doctor = try await eventually(
        "doctor to say there is no system bus",
        {
          try await bus.run(BuiltProducts.remotectl, ["doctor"]).output
        }
      ) { $0.contains("system bus: no system bus") }
      #expect(doctor.contains("MPRIS players are not relayed"), "\(doctor)")
      let log = try Self.log(of: bus)
      #expect(log.components(separatedBy: "MPRIS players are not relayed").count - 1 == 1, "\(log)")
    }
  }
}
