import BusTestSupport
import Foundation
import Testing
import WebRemote

/// The hub's one command path: a user's command has the same side effects in the hub whichever
/// door it comes in by — the proxy player, the web remote, the headset button that
/// `remotectl button` presses, `remotectl`'s verbs. Each side effect is checked once for every door, through the real
/// hub on a private bus, against players that hold still (``PythonPlayers/holdingStill``), so
/// that what the hub records is the command itself, not the player's answer to it.
///
/// The bridge is no door of its own: its players are MPRIS players on the bus, reached through
/// these doors like any other.
@Suite(
  "One command path through the hub", .serialized,
  .enabled(if: HubTools.canRun && .curl), .leavesNoChildProcesses,
  .timeLimit(.minutes(5)))
struct CommandPathTests {
  /// A way a user's command comes into the hub.
  enum Door: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A controller's call to the proxy player, `org.mpris.MediaPlayer2.remotectld`.
    case proxy
    /// A press on the web remote's page: its API, as the page calls it.
    case webRemote
    /// The headset button: `remotectl button press` and `release`, as a window manager runs them.
    case headsetButton
    /// `remotectl`'s verbs (`remotectl -p a next`), as media keys run them: through the hub's
    /// `Hub1.Send` when a hub runs.
    case remotectl

    var testDescription: String {
      switch self {
      case .proxy: "the proxy player"
      case .webRemote: "the web remote"
      case .headsetButton: "the headset button (remotectl button)"
      case .remotectl: "remotectl's verbs (remotectl -p)"
      }
    }
  }

  @Test(
    "a Next through the door is activity: the player ranks ahead of one that seeked before it",
    arguments: Door.allCases)
  func aCommandIsActivity(through door: Door) async throws {
    try await withRig(players: ["a:Paused", "b:Paused", "c:Paused"]) { rig in
      try await eventually(
        "the hub to list a, b and c", rig.bus.hubPlayers, until: { $0 == ["a", "b", "c"] })
      // b's seek is activity; a, the Now Playing player, has none yet.
      try await rig.bus.gdbusCall("org.mpris.MediaPlayer2.b", "org.mpris.MediaPlayer2.Player.Seek", ["0"])
      try await rig.heard("b Seek")
      try await rig.send("Next", through: door, to: "a")
      try await rig.heard("a Next")
      // c starts playing and takes over: the others follow in the order of their activity.
      try await rig.bus.tell(
        "c", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
      try await eventually("c to be Now Playing", rig.bus.hubActive, until: { $0 == "c" })
      let order = try await rig.bus.hubPlayers()
      #expect(order == ["c", "a", "b"], "the Next to a through \(door) was no activity: \(order)")
    }
  }

  @Test(
    "a Next through a door that names a player, to one that is not Now Playing, moves it up the hub's order",
    arguments: [Door.webRemote, .remotectl])
  func aNextToAnotherPlayerIsActivity(through door: Door) async throws {
    try await withRig(players: ["a:Paused", "b:Paused", "c:Paused"]) { rig in
      try await eventually(
        "the hub to list a, b and c", rig.bus.hubPlayers, until: { $0 == ["a", "b", "c"] })
      try await rig.bus.gdbusCall("org.mpris.MediaPlayer2.b", "org.mpris.MediaPlayer2.Player.Seek", ["0"])
      try await rig.heard("b Seek")
      try await rig.send("Next", through: door, to: "c")
      try await rig.heard("c Next")
      // Recorded before the call went out: read at once.
      let order = try await rig.bus.hubPlayers()
      #expect(order == ["a", "c", "b"], "the Next to c through \(door) was no activity: \(order)")
    }
  }

  @Test(
    "a play-pause through the door during an interruption is the user's: its end resumes nothing",
    arguments: Door.allCases)
  func aPressDuringAnInterruptionIsKept(through door: Door) async throws {
    try await withRig(players: ["a:Playing"]) { rig in
      // The proxy reads a's status from the hub's view: the audio session has seen it play.
      try await eventually("the hub to see a play") {
        try await rig.bus.read(PrivateBus.proxyName, "PlaybackStatus") == #"s "Playing""#
      }
      let begun = try await rig.remotectl("interrupt", "begin")
      #expect(begun.contains("its end resumes a"), "\(begun)")
      try await rig.heard("a Pause")
      // a holds still: only the press itself says that the user acted.
      try await rig.send("PlayPause", through: door, to: "a")
      try await rig.heard("a PlayPause")
      let during = try await rig.remotectl("hub")
      #expect(during.contains("its end resumes nothing"), "a play-pause through \(door): \(during)")
      _ = try await rig.remotectl("interrupt", "end")
      // Read from a itself after the hub said the interruption ended: a Play the hub sent at
      // the end has reached a by then.
      #expect(try await rig.bus.read("org.mpris.MediaPlayer2.a", "PlaybackStatus") == #"s "Paused""#)
      #expect(!rig.players.standardOutput.contains("a Play\n"), "\(rig.players.standardOutput)")
    }
  }

  @Test("remotectl loop is a property write the hub sends on, to the player remotectl named")
  func aLoopFromRemotectlGoesThroughTheHub() async throws {
    try await withRig(players: ["a:Paused", "b:Paused"]) { rig in
      try await eventually("the hub to list a and b", rig.bus.hubPlayers, until: { $0 == ["a", "b"] })
      try await rig.remotectl("-p", "b", "loop", "Track")
      try await rig.heard("b Set LoopStatus")
      // The hub logs each command it sends (at debug level) before the player's reply.
      let log = rig.bus.directory.appendingPathComponent("remotectld.log")
      try await eventually("the hub to log the write") {
        (try? String(contentsOf: log, encoding: .utf8))?.contains("set LoopStatus") == true
      }
    }
  }

  // MARK: - The rig

  /// The hub (proxy published, web remote on a free port, slow clicks) and the players, on a
  /// private bus.
  struct Rig {
    let bus: PrivateBus
    let hub: ChildProcess
    /// The players' program: it prints each call that reaches a player.
    let players: ChildProcess
    /// The web remote's URL and a paired device's key, once a test has paired.
    let webRemote = WebRemoteDevice()

    final class WebRemoteDevice: @unchecked Sendable {
      // Safe: only the test's own task touches it, one step after another.
      var base: String?
      var key: String?
    }

    /// Waits for the players' line `line` (`a Next`): the call has reached the player.
    func heard(_ line: String) async throws {
      _ = try await players.line(within: .seconds(15)) { $0 == line }
    }

    /// `remotectl ARGUMENTS` on the bus, which must succeed; its standard error and output.
    @discardableResult
    func remotectl(_ arguments: String...) async throws -> String {
      let result = try await bus.run(HubTools.remotectl, arguments)
      guard result.status == 0 else { throw TestFailure("remotectl \(arguments) failed: \(result.error)") }
      return result.error + result.output
    }

    /// Sends the MPRIS player method `member` (`Next`, `PlayPause`) through `door`: to `player`
    /// when the door names one (the web remote, `remotectl -p`), else to the Now Playing player,
    /// which `player` is.
    func send(_ member: String, through door: Door, to player: String) async throws {
      switch door {
      case .proxy:
        let call = try await bus.run(
          "busctl", "--address", bus.address, "call", PrivateBus.proxyName, PrivateBus.mprisPath,
          PrivateBus.playerInterface, member)
        guard call.status == 0 else { throw TestFailure("\(member) through the proxy failed: \(call.error)") }
      case .webRemote:
        let (base, key) = try await pairedDevice()
        let command = ["Next": "nextTrack", "PlayPause": "togglePlayPause"][member] ?? member
        _ = try await eventually("the web remote to list \(player)") {
          try await curl(["-H", "Authorization: Bearer \(key)", base + "api/players"]).body
            .contains(#""id":"\#(player)""#)
        }
        let answer = try await curl([
          "-X", "POST", "-H", "Authorization: Bearer \(key)", base + "api/players/\(player)/\(command)",
        ])
        guard answer.status == 200 else {
          throw TestFailure("\(command) through the web remote answered \(answer.status): \(answer.body)")
        }
      case .headsetButton:
        // One click plays or pauses, two go to the next track.
        let clicks = ["PlayPause": 1, "Next": 2][member] ?? 0
        for _ in 0..<clicks {
          try await remotectl("button", "press")
          try await remotectl("button", "release")
        }
      case .remotectl:
        let verb = ["Next": "next", "PlayPause": "play-pause"][member] ?? member
        try await remotectl("-p", player, verb)
      }
    }

    /// The web remote's URL and the key of a device paired through `remotectl pair`'s link
    /// (``PairedWebRemote``), paired once.
    private func pairedDevice() async throws -> (base: String, key: String) {
      if let base = webRemote.base, let key = webRemote.key { return (base, key) }
      let device = try await PairedWebRemote.pair(on: bus)
      webRemote.base = device.base
      webRemote.key = device.key
      return (device.base, device.key)
    }

    private func curl(_ arguments: [String]) async throws -> (body: String, status: Int) {
      try await PairedWebRemote.curl(arguments)
    }
  }

  /// Runs `body` with a rig whose players are `players` (`NAME:STATUS`, in the order they
  /// appear); on a failure, the hub's log is added to the error.
  func withRig(players: [String], _ body: (Rig) async throws -> Void) async throws {
    let bus = try await PrivateBus.start()
    let state = bus.directory.appendingPathComponent("state").path
    try await bus.stoppingWithHubLog {
      let hub = try await bus.startHub(
        ["--proxy", "on", "--http-port", "0", "--no-bridge"],
        environment: [
          "XDG_STATE_HOME": state, "XDG_CONFIG_HOME": bus.directory.appendingPathComponent("config").path,
          // No sound server: `remotectl interrupt` is the call.
          "PULSE_SERVER": "unix:" + bus.directory.appendingPathComponent("no-pulse").path,
          // Slow enough for a `remotectl` started per press and release on a loaded machine.
          "REMOTECTLD_CLICK_INTERVAL_MS": "3000", "REMOTECTLD_HOLD_MS": "5000",
        ])
      let program = try bus.start(
        PythonPlayers.python, [PythonPlayers.holdingStill] + players, environment: PythonPlayers.environment,
        standardError: .file(bus.directory.appendingPathComponent("players.log").path))
      _ = try await program.line(within: .seconds(10)) { $0 == "ready" }
      try await body(Rig(bus: bus, hub: hub, players: program))
    }
  }
}
