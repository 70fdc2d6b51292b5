import BusTestSupport
import Foundation
import Testing

/// A page bridged in Chromium is published twice for the same audio: the bridge's player and
/// Chromium's own MPRIS player of the page's Media Session. The hub takes them for one player:
/// Chromium's is never in its list nor Now Playing, nor in the PlayerNames it answers for
/// playerctld, so `playerctl -l` lists the page once. Phone links list the bus's names
/// themselves: there the page is one entry only with Chromium's own player turned off
/// (`--disable-features=HardwareMediaKeyHandling`).
@Suite(
  "a bridged page in Chromium is one player", .serialized, .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct BridgedPageTwinTests {
  static let bridged = "org.mpris.MediaPlayer2.ToneDemo"
  static let hubName = "io.github.swift_remote_control.Hub"
  static let hubInterface = "io.github.swift_remote_control.Hub1"

  @Test
  func
    `the hub lists a bridged page once, and a press through the proxy reaches it once, by the bridged player`()
    async throws
  {
    try await withPage(hubArguments: ["--proxy", "on", "--no-http"], browserOnBus: true) {
      bus, hub, browser in
      try await pressOnce(bus: bus, hub: hub, browser: browser)
    }
  }

  func pressOnce(bus: PrivateBus, hub: BridgeHub, browser: TestBrowser) async throws {
    let page = try await hub.open("demo.html?client=mirror&appId=ToneDemo&identity=Tone%20Demo", in: browser)
    let title = try await bus.waitForPlayer("ToneDemo", status: "Playing")
    let chromium = try await eventually("Chromium's own MPRIS player") { () async throws -> String? in
      try await bus.busNames().first { $0.hasPrefix("org.mpris.MediaPlayer2.chromium") }
    }
    // Both show the page's track, and both play: the same audio, twice on the bus.
    try await eventually(
      "Chromium's player to show the page's track, playing", within: .seconds(20),
      { try await statusAndTitle(of: chromium, on: bus) }, until: { $0 == "Playing|\(title)" })

    // The hub lists the page once, as the bridge's player, and makes it Now Playing.
    let answer = try await eventually(
      "the hub to list the bridged page alone", within: .seconds(20), { try await hubAnswer(on: bus) },
      until: { $0.players == [Self.bridged] && $0.active == Self.bridged })
    #expect(answer.players == [Self.bridged])
    // Not merely before the hub read Chromium's player: it judged it the page's echo.
    try await eventually("the hub to judge \(chromium) the page's echo (log: \(hub.log))") {
      let log = try String(contentsOfFile: hub.log, encoding: .utf8)
      return log.split(separator: "\n").contains { $0.contains("echo is no player") && $0.contains(chromium) }
    }

    // A press through the proxy reaches the page once, and through the bridge's player: its
    // status follows the page. (Chromium's player goes Paused as well: the audio is one.)
    let pressed = try await press("Pause", on: "org.mpris.MediaPlayer2.remotectld", bus: bus)
    #expect(pressed.succeeded, "\(pressed)")
    try await page.waitForAction("pause")
    try await eventually(
      "the bridged player to be paused", { try await statusAndTitle(of: Self.bridged, on: bus) },
      until: { $0.hasPrefix("Paused|") })
    // A second, different press marks the end of what the first one caused: messages reach the
    // page in order, so any second delivery of the pause came before this play.
    let resumed = try await press("Play", on: "org.mpris.MediaPlayer2.remotectld", bus: bus)
    #expect(resumed.succeeded, "\(resumed)")
    try await page.waitForAction("play")
    #expect(try await page.actions().map(\.action) == ["pause", "play"])

    // playerctl lists the hub's PlayerNames, which leave Chromium's twin out: the page is one
    // entry, the bridge's player, and reaches the page.
    let listed = try await bus.playerctl("-l")
    #expect(listed.succeeded && listed.output == "ToneDemo\n", "\(listed)")
    let direct = try await bus.playerctl("--player=ToneDemo", "pause")
    #expect(direct.succeeded, "\(direct)")
    try await page.waitForAction("pause")
    #expect(try await hubAnswer(on: bus).players == [Self.bridged])

    // The lists that read the bus themselves show the page twice: the doctor names the twin and
    // the flag that turns Chromium's own players off.
    let doctor = try await bus.run(BuiltProducts.remotectl, ["doctor"])
    let twin = chromium.dropFirst("org.mpris.MediaPlayer2.".count)
    #expect(
      doctor.output.contains("the browser's own player \(twin) is a page the hub already has"), "\(doctor)")
    #expect(doctor.output.contains(Self.chromiumPlayersOff[0]), "\(doctor)")
  }

  /// Chromium's own players turned off, by the flag a user who plays bridged pages can set.
  static let chromiumPlayersOff = ["--disable-features=HardwareMediaKeyHandling"]

  @Test
  func
    `with Chromium's own player turned off a bridged page is one entry in playerctl -l and in a list of the bus's names`()
    async throws
  {
    try await withPage(
      hubArguments: ["--proxy", "playerctld", "--no-http"], browserArguments: Self.chromiumPlayersOff,
      browserOnBus: true
    ) {
      bus, hub, browser in
      let page = try await hub.open(
        "demo.html?client=mirror&appId=ToneDemo&identity=Tone%20Demo", in: browser)
      _ = try await bus.waitForPlayer("ToneDemo", status: "Playing")
      try await eventually(
        "the hub to list the bridged page", within: .seconds(20), { try await hubAnswer(on: bus) },
        until: { $0.players == [Self.bridged] && $0.active == Self.bridged })
      // The page's audio has played 3 s: the first test sees Chromium's own player on the bus by
      // then (it appears as the element starts playing with a session).
      try await eventually("the page's audio to play 3 s", within: .seconds(20)) {
        try await page.evaluate(
          "const audio = document.getElementById('audio'); return String(!audio.paused && audio.currentTime > 3)"
        ) == "true"
      }
      // KDE Connect's list: every MPRIS name but playerctld's (which the hub holds here).
      let names = try await bus.busNames().filter {
        $0.hasPrefix("org.mpris.MediaPlayer2.") && $0 != "org.mpris.MediaPlayer2.playerctld"
      }
      #expect(names == [Self.bridged], "\(names)")
      let listed = try await bus.playerctl("-l")
      #expect(listed.succeeded && listed.output == "ToneDemo\n", "\(listed)")
      let doctor = try await bus.run(BuiltProducts.remotectl, ["doctor"])
      #expect(!doctor.output.contains("HardwareMediaKeyHandling"), "\(doctor)")
    }
  }

  /// The hub's answer as its Hub1 interface gives it: its Players and ActivePlayer.
  struct Answer: Sendable, CustomStringConvertible {
    var players: [String]
    var active: String
    var description: String { "players \(players), active \(active)" }
  }

  /// Calls the MPRIS Player method `method` (`Pause`) on `busName`, as a media key's client does.
  func press(_ method: String, on busName: String, bus: PrivateBus) async throws -> ClientResult {
    try await bus.python(
      """
      import dbus, sys
      player = dbus.bus.BusConnection(sys.argv[1]).get_object(sys.argv[2], "/org/mpris/MediaPlayer2")
      getattr(dbus.Interface(player, "org.mpris.MediaPlayer2.Player"), sys.argv[3])()
      """, [busName, method])
  }

  /// `PlaybackStatus|xesam:title` of the player `busName`, read with python3-dbus.
  func statusAndTitle(of busName: String, on bus: PrivateBus) async throws -> String {
    let result = try await bus.python(
      """
      import dbus, sys
      player = dbus.bus.BusConnection(sys.argv[1]).get_object(sys.argv[2], "/org/mpris/MediaPlayer2")
      values = dbus.Interface(player, "org.freedesktop.DBus.Properties").GetAll("org.mpris.MediaPlayer2.Player")
      print(values["PlaybackStatus"] + "|" + values["Metadata"].get("xesam:title", ""))
      """, [busName])
    return result.succeeded ? result.output.trimmingCharacters(in: .whitespacesAndNewlines) : "\(result)"
  }

  func hubAnswer(on bus: PrivateBus) async throws -> Answer {
    let result = try await bus.python(
      """
      import dbus, sys
      hub = dbus.bus.BusConnection(sys.argv[1]).get_object(sys.argv[2], "/org/mpris/MediaPlayer2")
      properties = dbus.Interface(hub, "org.freedesktop.DBus.Properties")
      print("\\n".join(properties.Get(sys.argv[3], "Players")))
      print("active=" + properties.Get(sys.argv[3], "ActivePlayer"))
      """, [Self.hubName, Self.hubInterface])
    guard result.succeeded else { throw TestFailure("the hub's Players: \(result)") }
    let lines = result.output.split(separator: "\n").map(String.init)
    return Answer(
      players: lines.filter { !$0.hasPrefix("active=") },
      active: lines.first { $0.hasPrefix("active=") }.map { String($0.dropFirst("active=".count)) } ?? "")
  }
}
