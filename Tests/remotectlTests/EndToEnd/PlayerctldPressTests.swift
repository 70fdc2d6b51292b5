import BusTestSupport
import Foundation
import Testing

/// `remotectl -p playerctld play` reaches the player the real playerctld names for everything
/// that happened before remotectl ran, however soon after: a player that has just changed its
/// track, or has just appeared (playerctld takes a new player only once it has answered
/// playerctld's `GetAll` calls). remotectl is faster than playerctl, so it meets playerctld
/// sooner; ``PlayerctldBarrier`` orders its press after those changes. Many runs each, since a
/// race shows in some runs only (run under load: `make test-stress`).
@Suite(
  "End to end: a press through playerctld reaches the player it names, whatever the timing", .serialized,
  .enabled(if: Tools.busTestsCanRun), .leavesNoChildProcesses, .timeLimit(.minutes(5)))
struct PlayerctldPressTests {
  static let runs = 12

  /// The player's PlaybackStatus, as playerctl reads it.
  func status(_ player: String, on bus: PrivateBus) async throws -> String {
    try await bus.playerctl(["-p", player, "status"]).trimmed
  }

  @Test func `right after another player's track changed, play reaches that player`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startMockPlayer("player1", artist: "a", title: "t")
    try await bus.startMockPlayer("player2", artist: "a", title: "t")
    try await bus.startPlayerctld()
    try await bus.waitForPlayerNames("both players") { Set($0) == ["player1", "player2"] }
    var wrong: [String] = []
    for run in 1...Self.runs {
      let names = try #require(try await bus.playerctldPlayerNames())
      let other = names.first == "player1" ? "player2" : "player1"
      try await bus.setTrack(of: other, artist: "a", title: "t\(run)")
      #expect(try await bus.remotectl("-p", "playerctld", "play").status == 0)
      // The Play call is answered once carried out: the statuses are final.
      let played = try await status(other, on: bus)
      if played != "Playing" { wrong.append("run \(run): \(other) is \(played)") }
      // Pausing it makes it playerctld's first; the next run changes the other one.
      try await bus.callPause(other)
      try await bus.waitForPlayerNames("\(other) first") { $0.first == other }
      for player in ["player1", "player2"] {
        if try await status(player, on: bus) == "Playing" { try await bus.callPause(player) }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) of \(Self.runs) runs reached another player: \(wrong)")
    await bus.stop()
  }

  @Test func `right after a new player appeared, play reaches the new player`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startMockPlayer("first", artist: "a", title: "t")
    try await bus.startPlayerctld()
    try await bus.waitForPlayerNames("the first player") { $0 == ["first"] }
    var wrong: [String] = []
    for run in 1...Self.runs {
      let name = "new\(run)"
      // Returns once the name is owned: playerctld may not have read its properties yet.
      try await bus.startMockPlayer(name, artist: "a", title: "t")
      #expect(try await bus.remotectl("-p", "playerctld", "play").status == 0)
      let played = try await status(name, on: bus)
      if played != "Playing" { wrong.append("run \(run): \(name) is \(played)") }
      try await bus.callPause(name)
    }
    #expect(wrong.isEmpty, "\(wrong.count) of \(Self.runs) runs reached another player: \(wrong)")
    await bus.stop()
  }

  /// The race made to show on any machine: the new player answers each `GetAll` 0.1 s late, so
  /// playerctld holds it pending for about 0.4 s (its four `GetAll` calls, answered in turn), far
  /// longer than remotectl takes to start and press. Without ``PlayerctldBarrier`` every run's
  /// Play reaches the player that was there before.
  @Test func `right after a new player slow to answer GetAll appeared, play reaches the new player`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startMockPlayer("first", artist: "a", title: "t")
    try await bus.startPlayerctld()
    try await bus.waitForPlayerNames("the first player") { $0 == ["first"] }
    var wrong: [String] = []
    let runs = 4
    for run in 1...runs {
      let name = "slow\(run)"
      try await bus.startMockPlayer(name, artist: "a", title: "t", getAllDelay: .milliseconds(100))
      #expect(try await bus.remotectl("-p", "playerctld", "play").status == 0)
      let played = try await status(name, on: bus)
      if played != "Playing" {
        wrong.append("run \(run): \(name) is \(played), first is \(try await status("first", on: bus))")
      }
      for player in ["first"] + (1...run).map({ "slow\($0)" }) {
        if try await status(player, on: bus) == "Playing" { try await bus.callPause(player) }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count) of \(runs) runs reached another player: \(wrong)")
    await bus.stop()
  }
}

extension PrivateBus {
  /// `Pause` on the mock player `name`; returns once it has announced it.
  func callPause(_ name: String) async throws {
    let result = try await run(
      "gdbus",
      [
        "call", "--address", address, "--dest", "org.mpris.MediaPlayer2.\(name)", "--object-path",
        "/org/mpris/MediaPlayer2", "--method", "org.mpris.MediaPlayer2.Player.Pause",
      ])
    if result.status != 0 { throw TestFailure("Pause on \(name) failed: \(result.error)") }
  }
}
