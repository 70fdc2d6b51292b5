import BusTestSupport
import Foundation
import HubAPI
import HubSupport
import Testing

/// remotectl and playerctl side by side with the real playerctld: following
/// `-p playerctld` through track changes, `playerctld shift` and `unshift`, and playerctld's own
/// order while they follow. Each step waits for the state it checks (a line printed, playerctld's
/// `PlayerNames`), so the pins hold on a busy machine (`make test-stress` runs them so).
@Suite(
  "End to end: following playerctld, as playerctl does", .serialized, .enabled(if: Tools.busTestsCanRun),
  .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct PlayerctldFollowTests {
  static let follow = [
    "-p", "playerctld", "metadata", "--format", "{{playerInstance}}: {{artist}} - {{title}}", "--follow",
  ]

  /// Waits for the next line of both followers and expects both to be `expected`.
  func expectNextLine(
    _ followers: (ours: ChildProcess, theirs: ChildProcess), _ expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let theirs = await followers.theirs.nextLine(within: .seconds(10))
    let ours = await followers.ours.nextLine(within: .seconds(10))
    #expect(theirs == expected, "playerctl", sourceLocation: sourceLocation)
    #expect(ours == expected, "remotectl", sourceLocation: sourceLocation)
  }

  /// Runs `playerctld shift` (or `unshift`) and returns its exit status.
  func shift(_ bus: PrivateBus, _ verb: String = "shift") async throws -> Int32 {
    try await bus.run("playerctld", [verb]).status
  }

  @Test
  func `-p playerctld --follow prints the active player's track, and again after each shift and unshift`()
    async throws
  {
    let bus = try await PrivateBus.start()
    for name in ["player1", "player2", "player3"] { try await bus.startMockPlayer(name) }
    try await bus.startPlayerctld()
    try await bus.waitForPlayerNames("the three players") { Set($0) == ["player1", "player2", "player3"] }
    let both = (try bus.startRemotectl(Self.follow), try bus.start("playerctl", Self.follow))
    for number in 1...3 {
      try await bus.setTrack(of: "player\(number)", artist: "artist\(number)", title: "title\(number)")
      await expectNextLine(both, "playerctld: artist\(number) - title\(number)")
    }
    for (verb, number) in [("shift", 2), ("shift", 1), ("unshift", 2), ("unshift", 3)] {
      #expect(try await shift(bus, verb) == 0, "playerctld \(verb)")
      await expectNextLine(both, "playerctld: artist\(number) - title\(number)")
    }
    await both.0.terminate()
    await both.1.terminate()
  }

  @Test func `playerctld shift answers as it does for playerctl while remotectl follows playerctld`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startPlayerctld()
    let both = (try bus.startRemotectl(Self.follow), try bus.start("playerctl", Self.follow))
    #expect(try await shift(bus) == 1, "no player yet")
    let player = try await bus.startMockPlayer("player1")
    try await bus.waitForPlayerNames("player1") { $0 == ["player1"] }
    #expect(try await shift(bus) == 0)
    #expect(try await shift(bus, "unshift") == 0)
    await player.terminate()
    try await bus.waitForPlayerNames("empty") { $0.isEmpty }
    #expect(try await shift(bus) == 1)
    #expect(try await shift(bus, "unshift") == 1)
    // Both followers ran throughout and printed nothing: the player never had a track.
    #expect(both.0.unreadLines().isEmpty)
    #expect(both.1.unreadLines().isEmpty)
    await both.0.terminate()
    await both.1.terminate()
  }

  @Test func `playerctld's PlayerNames change in order while remotectl follows and drives the players`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startPlayerctld()
    let monitor = try await bus.startSignalMonitor()
    let ours = try bus.startRemotectl(Self.follow)
    /// The next `PlayerNames` playerctld announces, as instances.
    func nextPlayerNames() async throws -> [String] {
      let record = try await monitor.next {
        $0.interface == Playerctld.interface && $0.changed?[Playerctld.Property.playerNames] != nil
      }
      let names = try #require(record.changed?["PlayerNames"]?.strings)
      return names.map { String($0.dropFirst("org.mpris.MediaPlayer2.".count)) }
    }
    try await bus.startMockPlayer("player1")
    #expect(try await nextPlayerNames() == ["player1"])
    try await bus.startMockPlayer("player2")
    #expect(try await nextPlayerNames() == ["player2", "player1"])
    // A track change puts a player first; remotectl, following, prints it.
    try await bus.setTrack(of: "player1", artist: "artist1", title: "title1")
    #expect(try await nextPlayerNames() == ["player1", "player2"])
    #expect(await ours.nextLine(within: .seconds(10)) == "playerctld: artist1 - title1")
    // remotectl drives player2 through playerctld; then a change of player2's track.
    #expect(try await bus.remotectl("-p", "player2", "next").status == 0)
    try await bus.setTrack(of: "player2", artist: "artist2", title: "title2")
    #expect(try await nextPlayerNames() == ["player2", "player1"])
    #expect(await ours.nextLine(within: .seconds(10)) == "playerctld: artist2 - title2")
    // A change of the player already first leaves the order: the next PlayerNames is player1's.
    try await bus.setTrack(of: "player2", artist: "artist2", title: "title2")
    try await bus.setTrack(of: "player1", artist: "artist3", title: "title3")
    #expect(try await nextPlayerNames() == ["player1", "player2"])
    #expect(await ours.nextLine(within: .seconds(10)) == "playerctld: artist3 - title3")
    await ours.terminate()
    await monitor.stop()
  }
}
