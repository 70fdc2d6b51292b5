import BusTestSupport
import Foundation
import Testing

/// `remotectl … --follow` subscribes to a player's signals before it reads the player, so a
/// change made while it starts is printed: by its first read, or by the signal after it. Each
/// round changes the track right as the follower starts and waits for the line of the new one.
@Suite(
  "End to end: --follow misses no change made while it starts", .serialized,
  .enabled(if: Tools.busTestsCanRun && PrivateBus.hubCanRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct FollowStartTests {
  static let follow = [
    "-p", "playerctld", "metadata", "--format", "{{playerInstance}}: {{artist}} - {{title}}", "--follow",
  ]

  /// Starts a follower and changes `player`'s track at once, `rounds` times; each follower must
  /// print the new track.
  func changeTracksAsFollowersStart(on bus: PrivateBus, player: String, rounds: Int) async throws {
    for round in 1...rounds {
      let follower = try bus.startRemotectl(Self.follow)
      try await bus.setTrack(of: player, artist: "artist\(round)", title: "title\(round)")
      let expected = "playerctld: artist\(round) - title\(round)"
      let line = try? await follower.line(within: .seconds(10)) { $0 == expected }
      #expect(line == expected, "round \(round): printed \(follower.standardOutput.debugDescription)")
      await follower.terminate()
    }
  }

  @Test func `following the hub standing in for playerctld, a track changed as it starts is printed`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startMockPlayer("player1", artist: "artist0", title: "title0")
    try await bus.play("player1")
    try await bus.startHubForFollowing()
    try await changeTracksAsFollowersStart(on: bus, player: "player1", rounds: 5)
    await bus.stop()
  }

  @Test func `following the real playerctld beside the hub, a track changed as it starts is printed`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startPlayerctld()
    try await bus.startMockPlayer("player1", artist: "artist0", title: "title0")
    try await bus.play("player1")
    try await bus.waitForPlayerNames("player1") { $0.contains("player1") }
    try await bus.startHubForFollowing()
    try await changeTracksAsFollowersStart(on: bus, player: "player1", rounds: 5)
    await bus.stop()
  }
}

extension PrivateBus {
  /// Starts the hub publishing its proxy player (and, when playerctld does not run,
  /// playerctld's name), and waits until it does.
  fileprivate func startHubForFollowing() async throws {
    try await startHub(["--no-http", "--proxy", "on"])
    try await waitForName("org.mpris.MediaPlayer2.remotectld")
    try await waitForName("org.mpris.MediaPlayer2.playerctld")
  }
}
