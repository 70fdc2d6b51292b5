import BusTestSupport
import Foundation
import Testing

/// The hub beside the real playerctld, as sway and i3 configurations start it: playerctld started
/// first keeps running and answering while players play and change (it watches the proxy player,
/// whose connection never sends playerctld's interface while it does not own playerctld's name);
/// started after the hub, it finds its name answered by the hub, and playerctl works all the same.
@Suite(
  "The hub beside a running playerctld", .serialized, .enabled(if: HubTools.mpvCanRun),
  .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct PlayerctldBesideTheHubTests {
  static let player = "org.mpris.MediaPlayer2.Player"

  /// Starts mpv (null output) and a Python player with no TrackList (its audio process finds
  /// no sound server, which it survives), both paused.
  func startPlayers(on bus: PrivateBus) async throws {
    try await bus.startMpv()
    _ = try bus.start(
      PythonPlayers.python, ["-c", AudioChildPlayer.script, "browser", ""], standardError: .file("/dev/null"))
    try await bus.waitForName("org.mpris.MediaPlayer2.browser")
  }

  /// Plays mpv, then the browser, then pauses mpv, each announced before the next.
  func playAndChange(on bus: PrivateBus) async throws {
    try await bus.tell("mpv", "\(Self.player).Play", announcing: "'Playing'")
    try await bus.tell("browser", "\(Self.player).Play", announcing: "'Playing'")
    try await bus.tell("mpv", "\(Self.player).Pause", announcing: "'Paused'")
    try await eventually("the hub to make the browser active", bus.hubActive, until: { $0 == "browser" })
  }

  /// `playerctl -p playerctld status` and `playerctl --list-all` answer as the players are.
  func expectPlayerctlWorks(on bus: PrivateBus) async throws {
    let status = try await bus.playerctl("-p", "playerctld", "status")
    #expect(status.status == 0 && status.trimmed == "Playing", "\(status.output)\(status.error)")
    let list = try await bus.playerctl("--list-all")
    #expect(list.status == 0, "\(list.error)")
    let names = Set(list.output.split(separator: "\n").map(String.init))
    #expect(names.isSuperset(of: ["mpv", "browser"]), "\(list.output)")
  }

  func owner(of name: String, on bus: PrivateBus) async throws -> String {
    try await bus.gdbusCall(
      "org.freedesktop.DBus", "org.freedesktop.DBus.GetNameOwner", [name], path: "/org/freedesktop/DBus")
  }

  @Test func `playerctld started before the hub keeps running and answering while players play and change`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let log = bus.directory.appendingPathComponent("playerctld.log").path
    let playerctld = try await bus.startPlayerctld()
    try await bus.startHub(["--no-http", "--proxy", "on"])
    try await bus.waitForName(PrivateBus.proxyName)
    try await startPlayers(on: bus)
    try await playAndChange(on: bus)
    try await eventually("playerctld to list both players", bus.playerctldNames) {
      Set($0).isSuperset(of: ["mpv", "browser"])
    }
    try await expectPlayerctlWorks(on: bus)
    let playerctldLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    #expect(playerctld.exitStatus == nil, "playerctld ended: \(playerctldLog)")
    #expect(!playerctldLog.contains("unknown interface"), "\(playerctldLog)")
    #expect(
      try await owner(of: PrivateBus.playerctldName, on: bus) != owner(of: PrivateBus.proxyName, on: bus),
      "playerctld keeps its name")
    await bus.stop()
  }

  @Test func `playerctld started after the hub finds its name answered, and playerctl works through the hub`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub(["--no-http", "--proxy", "on"])
    try await bus.waitForName(PrivateBus.playerctldName)
    let playerctld = try bus.start("playerctld", [])
    let status = try await playerctld.waitForExit()
    #expect(status != 0)
    #expect(playerctld.standardError.contains("already running"), "\(playerctld.standardError)")
    try await startPlayers(on: bus)
    try await playAndChange(on: bus)
    try await eventually("the hub, as playerctld, to list both players", bus.playerctldNames) {
      Set($0).isSuperset(of: ["mpv", "browser"])
    }
    try await expectPlayerctlWorks(on: bus)
    #expect(
      try await owner(of: PrivateBus.playerctldName, on: bus) == owner(of: PrivateBus.proxyName, on: bus))
    await bus.stop()
  }
}
