import BusTestSupport
import Foundation
import Testing

/// remotectl against playerctl with several players on one bus: they all send from
/// `/org/mpris/MediaPlayer2` and differ only by connection, a second bus stands for the system
/// bus, and playerctld keeps its own list of players.
@Suite(
  "End to end: several players, as playerctl sees them", .serialized, .enabled(if: Tools.busTestsCanRun),
  .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct SeveralPlayersTests {
  static let format = "{{playerInstance}}: {{artist}} - {{title}}"

  /// Starts remotectl and playerctl following `arguments` on `bus`.
  func followers(_ bus: PrivateBus, _ arguments: [String]) throws -> (
    ours: ChildProcess, theirs: ChildProcess
  ) {
    (try bus.startRemotectl(arguments), try bus.start("playerctl", arguments))
  }

  /// Waits for the next line of both followers and expects both to be `expected`.
  func expectNextLine(
    _ followers: (ours: ChildProcess, theirs: ChildProcess), _ expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let theirs = await followers.theirs.nextLine()
    let ours = await followers.ours.nextLine()
    #expect(theirs == expected, "playerctl", sourceLocation: sourceLocation)
    #expect(ours == expected, "remotectl", sourceLocation: sourceLocation)
  }

  @Test func `follow with -p prints each change under the name of the player that sent it`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startMockPlayer("test1", artist: "A1", title: "T1")
    try await bus.startMockPlayer("test2")
    try await bus.startMockPlayer("test3")
    let both = try followers(
      bus, ["-p", "test3,test2,test1", "metadata", "--format", Self.format, "--follow"])
    await expectNextLine(both, "test1: A1 - T1")
    try await bus.setTrack(of: "test2", artist: "A2", title: "T2")
    await expectNextLine(both, "test2: A2 - T2")
    try await bus.setTrack(of: "test3", artist: "A3", title: "T3")
    await expectNextLine(both, "test3: A3 - T3")
    await both.ours.terminate()
    await both.theirs.terminate()
  }

  @Test func `follow with %any never prints a player under another's track after one leaves`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startMockPlayer("test1", artist: "A1", title: "T1")
    let second = try await bus.startMockPlayer("test2")
    try await bus.startMockPlayer("test3")
    let both = try followers(bus, ["-p", "%any", "metadata", "--format", Self.format, "--follow"])
    await expectNextLine(both, "test1: A1 - T1")
    try await bus.play("test2")
    try await bus.setTrack(of: "test2", artist: "A2", title: "T2")
    await expectNextLine(both, "test2: A2 - T2")
    await second.terminate()
    // test3 never had a track: the one left to print is test1's own.
    await expectNextLine(both, "test1: A1 - T1")
    await both.ours.terminate()
    await both.theirs.terminate()
  }

  @Test func `follow with --all-players prints a change of one player under its own name`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startMockPlayer("test1", artist: "A1", title: "T1")
    try await bus.startMockPlayer("test2")
    try await bus.startMockPlayer("test3")
    let both = try followers(bus, ["--all-players", "metadata", "--format", Self.format, "--follow"])
    await expectNextLine(both, "test1: A1 - T1")
    try await bus.setTrack(of: "test1", artist: "A1b", title: "T1b")
    await expectNextLine(both, "test1: A1b - T1b")
    try await bus.play("test3")
    try await bus.setTrack(of: "test3", artist: "A3", title: "T3")
    await expectNextLine(both, "test3: A3 - T3")
    await both.ours.terminate()
    await both.theirs.terminate()
  }

  @Test func `follow with --all-players and -p prints whichever named player changed last, as playerctl`()
    async throws
  {
    let bus = try await PrivateBus.start()
    var players: [String: ChildProcess] = [:]
    for name in ["test1", "test2", "test3", "test4"] {
      players[name] = try await bus.startMockPlayer(name, artist: "artist", title: "title")
    }
    let both = try followers(
      bus, ["--all-players", "-p", "test3,test2,test1", "metadata", "--format", Self.format, "--follow"])
    // playerctl puts each player it finds first, in -p order: the last of the list is first.
    await expectNextLine(both, "test1: artist - title")
    // test4 is not named: its change moves nothing, and the next line is test2's.
    try await bus.setTrack(of: "test4", artist: "artist2", title: "title2")
    try await bus.setTrack(of: "test2", artist: "artist2", title: "title2")
    await expectNextLine(both, "test2: artist2 - title2")
    // No -p order with -a: whoever sent Metadata last, even unchanged.
    for name in ["test1", "test3", "test2", "test1"] {
      try await bus.setTrack(of: name, artist: "artist2", title: "title2")
      await expectNextLine(both, "\(name): artist2 - title2")
    }
    // Leaving, the one that changed before it is shown.
    for (leaving, next) in [
      ("test1", "test2: artist2 - title2"), ("test2", "test3: artist2 - title2"), ("test3", ""),
    ] {
      await players[leaving]?.terminate()
      await expectNextLine(both, next)
    }
    await both.ours.terminate()
    await both.theirs.terminate()
  }

  @Test func `ordinary verbs reach the players on the system bus, as playerctl's`() async throws {
    let session = try await PrivateBus.start()
    let system = try await PrivateBus.start()
    try await session.startMockPlayer("test1", artist: "A1", title: "T1")
    try await system.startMockPlayer("mpd", artist: "A2", title: "T2")
    let environment = session.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": system.address]) { $1 }
    let format = "{{playerInstance}} {{status}} {{title}}"
    for arguments in [
      ["-p", "mpd", "-f", format, "metadata"], ["-a", "-f", format, "metadata"],
      ["-p", "mpd,test1", "-f", format, "status"], ["-p", "test1,mpd", "-f", format, "status"],
      ["-i", "test1", "-f", format, "status"], ["-p", "nosuch", "status"], ["-p", "mpd", "volume"],
    ] {
      let theirs = try await ChildProcess.run("playerctl", arguments, environment: environment)
      let ours = try await ChildProcess.run(Tools.remotectl, arguments, environment: environment)
      #expect(ours.output == theirs.output, "\(arguments)")
      #expect(ours.error == theirs.error, "\(arguments)")
      #expect(ours.status == theirs.status, "\(arguments)")
    }
    // Changing verbs: remotectl plays and pauses mpd, and playerctl reads it back, and conversely.
    for (driver, reader) in [(Tools.remotectl, "playerctl"), ("playerctl", Tools.remotectl)] {
      for (verb, status) in [("play", "Playing"), ("pause", "Paused")] {
        let change = try await ChildProcess.run(driver, ["-p", "mpd", verb], environment: environment)
        #expect(change.status == 0, "\(driver) \(verb): \(change)")
        let read = try await ChildProcess.run(reader, ["-p", "mpd", "status"], environment: environment)
        #expect(read.output == status + "\n", "\(driver) \(verb), then \(reader) status")
      }
    }
    // Without -p, a session player that handles the command takes it.
    #expect(try await ChildProcess.run(Tools.remotectl, ["play"], environment: environment).status == 0)
    #expect(try await session.playerctl(["-p", "test1", "status"]).output == "Playing\n")
    #expect(try await system.playerctl(["-p", "mpd", "status"]).output == "Paused\n")
    await system.stop()
    await session.stop()
  }

  @Test func `follow ends with status 143 when its bus goes away, as playerctl does`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startMockPlayer("test1", artist: "A1", title: "T1")
    try await bus.startMockPlayer("test2")
    let both = try followers(bus, ["metadata", "--format", Self.format, "--follow"])
    await expectNextLine(both, "test1: A1 - T1")
    await bus.kill()
    #expect(try await both.theirs.waitForExit(within: .seconds(10)) == 143)
    #expect(try await both.ours.waitForExit(within: .seconds(10)) == 143)
  }

  @Test(.enabled(if: .script))
  func `the live view on a terminal ends with status 143 when its bus goes away`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startMockPlayer("test1", artist: "A1", title: "T1")
    // util-linux's script runs it on a pseudo-terminal, so status --follow shows the live view.
    let view = try bus.start("script", ["-qec", "\(Tools.remotectl) -F status", "/dev/null"])
    _ = try await view.line(where: { $0.contains("T1") })
    await bus.kill()
    #expect(try await view.waitForExit(within: .seconds(10)) == 143)
  }

  @Test func `-l lists the players on the system bus after those on the session bus`() async throws {
    let session = try await PrivateBus.start()
    let system = try await PrivateBus.start()
    try await session.startMockPlayer("test1", artist: "A1", title: "T1")
    try await session.startMockPlayer("zzz")
    try await system.startMockPlayer("mpd")
    let environment = session.environment.merging(["DBUS_SYSTEM_BUS_ADDRESS": system.address]) { $1 }
    for arguments in [["-l"], ["-p", "mpd", "-l"], ["-p", "mpd,test1", "-l"], ["-i", "zzz", "-l"]] {
      let theirs = try await ChildProcess.run("playerctl", arguments, environment: environment)
      let ours = try await ChildProcess.run(Tools.remotectl, arguments, environment: environment)
      #expect(ours.output == theirs.output, "\(arguments)")
      #expect(ours.status == theirs.status, "\(arguments)")
    }
    let all = try await ChildProcess.run(Tools.remotectl, ["-l"], environment: environment)
    #expect(all.output == "test1\nzzz\nmpd\n")
    await system.stop()
    await session.stop()
  }

  @Test func `with playerctld on the bus, players come in its order of activity and -p applies to it`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startMockPlayer("test1", artist: "A1", title: "T1")
    try await bus.startMockPlayer("test2", artist: "A2", title: "T2")
    try await bus.startMockPlayer("test3", artist: "A3", title: "T3")
    try await bus.startPlayerctld()
    try await bus.waitForPlayerNames("test1, test2 and test3") { Set($0) == ["test1", "test2", "test3"] }
    try await bus.play("test2")
    try await bus.waitForPlayerNames("test2 first") { $0.first == "test2" }
    let cases: [[String]] = [
      ["-l"], ["-p", "test3,%any", "-l"], ["-p", "test1", "-l"], ["-i", "test2", "-l"],
      ["-f", "{{playerInstance}} {{status}}", "status"],
      ["-a", "-f", "{{playerInstance}} {{status}}", "status"],
      ["-p", "test1,%any", "-f", "{{playerInstance}}", "status"],
      ["-i", "test2", "-f", "{{playerInstance}}", "status"],
      ["-p", "%any,test2", "-f", "{{playerInstance}}", "status"], ["-p", "playerctld", "status"],
      ["-p", "playerctld", "metadata", "title"],
    ]
    for arguments in cases {
      let theirs = try await bus.playerctl(arguments)
      let ours = try await bus.remotectl(arguments: arguments)
      #expect(ours.output == theirs.output, "\(arguments)")
      #expect(ours.status == theirs.status, "\(arguments)")
    }
    #expect(try await bus.remotectl("-l").output.hasPrefix("test2\n"))
  }

  @Test func `-p playerctld starts playerctld, which with no player cannot handle the command`() async throws
  {
    for program in ["playerctl", Tools.remotectl] {
      let bus = try await PrivateBus.start()
      let result = try await bus.run(program, ["-p", "playerctld", "play"])
      #expect(result.status == 1, "\(result)")
      #expect(result.error == "No player could handle this command\n", "\(result)")
      // The bus started it for the call (D-Bus activation).
      try await bus.waitForName("org.mpris.MediaPlayer2.playerctld")
      await bus.stop()
    }
  }
}
