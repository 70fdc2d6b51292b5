import BusTestSupport
import Foundation
import Testing
import WebRemote

/// The hub's one command path: a user's command has the same side effects in the hub whichever
/// door it comes in by — the proxy player, the web remote, the headset button that
/// `remotectl button` presses, `remotectl`'s verbs, a car's press (on the BlueZ double,
/// ``BlueZDouble``: bluetoothd cannot run here), a relay's own name (`NAME.system`). Each side
/// effect is checked once for every door, through the real hub on a private bus, against players
/// that hold still (``PythonPlayers/holdingStill``), so that what the hub records is the command
/// itself, not the player's answer to it.
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
    /// A car's press: bluetoothd's call, with no reply expected, to the Now Playing player the hub
    /// registered with the adapter (the BlueZ double's `SendToPlayer`).
    case car
    /// A controller's call to a relay's own name (`busctl call org.mpris.MediaPlayer2.a.system`,
    /// as `playerctl -p a.system` makes it): the players are then on the system bus, each relayed
    /// by the hub as `NAME.system`.
    case relay

    var testDescription: String {
      switch self {
      case .proxy: "the proxy player"
      case .webRemote: "the web remote"
      case .headsetButton: "the headset button (remotectl button)"
      case .remotectl: "remotectl's verbs (remotectl -p)"
      case .car: "a car (bluetoothd's call to the registered player)"
      case .relay: "a relay's own name (NAME.system)"
      }
    }
  }

  @Test(
    "a Next through the door is activity: the player ranks ahead of one that seeked before it",
    arguments: Door.allCases)
  func aCommandIsActivity(through door: Door) async throws {
    try await withRig(players: ["a:Paused", "b:Paused", "c:Paused"], door: door) { rig in
      // b's seek is activity; a, the Now Playing player, has none yet.
      try await rig.seek("b")
      try await rig.sendHeard("Next", through: door, to: "a")
      // c starts playing and takes over: the others follow in the order of their activity.
      try await rig.bus.tell(
        rig.name("c"), "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
      try await eventually("c to be Now Playing", rig.bus.hubActive, until: { $0 == rig.name("c") })
      let order = try await rig.bus.hubPlayers()
      #expect(order == rig.names("c", "a", "b"), "the Next to a through \(door) was no activity: \(order)")
    }
  }

  @Test(
    "a Next through a door that names a player, to one that is not Now Playing, moves it up the hub's order",
    arguments: [Door.webRemote, .remotectl, .relay])
  func aNextToAnotherPlayerIsActivity(through door: Door) async throws {
    try await withRig(players: ["a:Paused", "b:Paused", "c:Paused"], door: door) { rig in
      try await rig.seek("b")
      try await rig.sendHeard("Next", through: door, to: "c")
      // Recorded before the call went out: read at once.
      let order = try await rig.bus.hubPlayers()
      #expect(order == rig.names("a", "c", "b"), "the Next to c through \(door) was no activity: \(order)")
    }
  }

  @Test(
    "a play-pause through the door during an interruption is the user's: its end resumes nothing",
    arguments: Door.allCases)
  func aPressDuringAnInterruptionIsKept(through door: Door) async throws {
    try await withRig(players: ["a:Playing"], door: door) { rig in
      // The proxy reads a's status from the hub's view: the audio session has seen it play.
      try await eventually("the hub to see a play") {
        try await rig.bus.read(PrivateBus.proxyName, "PlaybackStatus") == #"s "Playing""#
      }
      let begun = try await rig.remotectl("interrupt", "begin")
      #expect(begun.contains("its end resumes a"), "\(begun)")
      try await rig.heard("a Pause")
      // a holds still: only the press itself says that the user acted.
      try await rig.sendHeard("PlayPause", through: door, to: "a")
      let during = try await rig.remotectl("hub")
      #expect(during.contains("its end resumes nothing"), "a play-pause through \(door): \(during)")
      _ = try await rig.remotectl("interrupt", "end")
      // Read from a itself after the hub said the interruption ended: a Play the hub sent at
      // the end has reached a by then.
      #expect(try await rig.bus.read(rig.busName("a"), "PlaybackStatus") == #"s "Paused""#)
      #expect(!rig.players.standardOutput.contains("a Play\n"), "\(rig.players.standardOutput)")
    }
  }

  @Test("remotectl loop is a property write the hub sends on, to the player remotectl named")
  func aLoopFromRemotectlGoesThroughTheHub() async throws {
    try await withRig(players: ["a:Paused", "b:Paused"]) { rig in
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
    /// The BlueZ double the car presses on, for ``Door/car``.
    let double: BlueZDouble?
    /// Whether the players are on the system bus, relayed (``Door/relay``).
    let isRelayed: Bool

    /// What the hub calls the player `player` (`a`): `a.system` when it is relayed.
    func name(_ player: String) -> String {
      isRelayed ? player + ".system" : player
    }

    /// What the hub calls each of `players`, in order.
    func names(_ players: String...) -> [String] {
      players.map(name)
    }

    /// The player's MPRIS bus name on the session bus (its relay's, when it is relayed).
    func busName(_ player: String) -> String {
      "org.mpris.MediaPlayer2." + name(player)
    }
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

    /// `player`'s own Seek (by gdbus, not through a door), once the player has heard it: activity
    /// the hub sees on the bus.
    func seek(_ player: String) async throws {
      try await bus.gdbusCall(busName(player), "org.mpris.MediaPlayer2.Player.Seek", ["0"])
      try await heard("\(player) Seek")
    }

    /// ``send(_:through:to:)``, then waits until `player` has heard the method it was sent.
    func sendHeard(_ member: String, through door: Door, to player: String) async throws {
      let sent = try await send(member, through: door, to: player)
      try await heard("\(player) \(sent)")
    }

    /// `remotectl ARGUMENTS` on the bus, which must succeed; its standard error and output.
    @discardableResult
    func remotectl(_ arguments: String...) async throws -> String {
      let result = try await bus.run(HubTools.remotectl, arguments)
      guard result.status == 0 else { throw TestFailure("remotectl \(arguments) failed: \(result.error)") }
      return result.error + result.output
    }

    /// Sends the MPRIS player method `member` (`Next`, `PlayPause`) through `door`: to `player`
    /// when the door names one (the web remote, `remotectl -p`, a relay's name), else to the Now
    /// Playing player, which `player` is. Returns the method the player is sent: `member`, or for
    /// a car, which has no play-pause (bluetoothd sends `Play` or `Pause`), `Pause` for it.
    @discardableResult
    func send(_ member: String, through door: Door, to player: String) async throws -> String {
      switch door {
      case .car:
        guard let double else { throw TestFailure("no BlueZ double for a car's press") }
        let pressed = member == "PlayPause" ? "Pause" : member
        let flag = ["Next": "CanGoNext", "Pause": "CanPause"][pressed] ?? "CanControl"
        // bluetoothd sends a press only when the registered flags allow it.
        try await double.waitFor("bluetoothd to hold \(player)'s title, \(flag)", \.players.first) {
          $0?.title == player && $0?.flags[flag] == true && $0?.flags["CanControl"] == true
        }
        let sender = try await double.press(pressed)
        guard sender.hasPrefix(":") else { throw TestFailure("the car's \(pressed) went to \"\(sender)\"") }
        return pressed
      case .relay:
        let call = try await bus.run(
          "busctl", "--address", bus.address, "call", busName(player), PrivateBus.mprisPath,
          PrivateBus.playerInterface, member)
        guard call.status == 0 else {
          throw TestFailure("\(member) to \(busName(player)) failed: \(call.error)")
        }
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
      return member
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

  /// Runs `body` with a rig for `door` whose players are `players` (`NAME:STATUS`, in the order
  /// they appear, the first one Now Playing), once the hub lists them all; on a failure, the
  /// hub's log is added to the error. A car's door adds a private system bus with the BlueZ
  /// double, hci0 on it, the hub registered there; a relay's door a private system bus with the
  /// players on it.
  func withRig(players: [String], door: Door = .proxy, _ body: (Rig) async throws -> Void) async throws {
    let bus = try await PrivateBus.start()
    let state = bus.directory.appendingPathComponent("state").path
    var system: ConfiguredBus?
    var double: BlueZDouble?
    do {
      var environment = [
        "XDG_STATE_HOME": state, "XDG_CONFIG_HOME": bus.directory.appendingPathComponent("config").path,
        // No sound server: `remotectl interrupt` is the call.
        "PULSE_SERVER": "unix:" + bus.directory.appendingPathComponent("no-pulse").path,
        // Slow enough for a `remotectl` started per press and release on a loaded machine.
        "REMOTECTLD_CLICK_INTERVAL_MS": "3000", "REMOTECTLD_HOLD_MS": "5000",
      ]
      if door == .car || door == .relay {
        let started = try await ConfiguredBus.start(.system, in: bus.directory)
        system = started
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = started.address
      }
      let startHub = {
        try await bus.startHub(
          ["--proxy", "on", "--http-port", "0", "--no-bridge"], environment: environment)
      }
      let hub: ChildProcess
      if door == .car, let system {
        let started = try await BlueZDouble.start(on: system)
        double = started
        var running: ChildProcess?
        try await started.startCar { running = try await startHub() }
        guard let running else { throw TestFailure("the hub did not start") }
        hub = running
      } else {
        hub = try await startHub()
      }
      var playersEnvironment = PythonPlayers.environment
      var options: [String] = []
      if door == .relay, let system {
        playersEnvironment["DBUS_SYSTEM_BUS_ADDRESS"] = system.address
        options = ["--system"]
      }
      let program = try bus.start(
        PythonPlayers.python, [PythonPlayers.holdingStill] + options + players,
        environment: playersEnvironment,
        standardError: .file(bus.directory.appendingPathComponent("players.log").path))
      _ = try await program.line(within: .seconds(10)) { $0 == "ready" }
      let rig = Rig(bus: bus, hub: hub, players: program, double: double, isRelayed: door == .relay)
      let names = players.map { rig.name(String($0.prefix { $0 != ":" })) }
      if rig.isRelayed {
        // Relays start in whichever order the system bus's players are read: the first is made
        // Now Playing as it would be had it appeared first.
        try await eventually("the hub to list \(names)", rig.bus.hubPlayers, until: { Set($0) == Set(names) })
        try await rig.remotectl("select", names[0])
        try await eventually("\(names[0]) to be Now Playing", rig.bus.hubActive, until: { $0 == names[0] })
      } else {
        try await eventually("the hub to list \(names)", rig.bus.hubPlayers, until: { $0 == names })
      }
      try await body(rig)
    } catch {
      let log = try? String(
        contentsOf: bus.directory.appendingPathComponent("remotectld.log"), encoding: .utf8)
      await double?.stop()
      await bus.stop()
      await system?.stop()
      throw TestFailure("\(error)\nremotectld's log:\n\(log ?? "none")")
    }
    await double?.stop()
    await bus.stop()
    await system?.stop()
  }
}
