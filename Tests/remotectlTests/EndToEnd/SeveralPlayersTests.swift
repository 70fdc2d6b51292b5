import BusTestSupport
import Foundation
import Testing

/// remotectl against playerctl with several players on one bus: they all send from
/// `/org/mpris/MediaPlayer2` and differ only by connection, a second bus stands for the system
/// bus, and playerctld keeps its own list of players.
@Suite(
  "End to end: several players, as playerctl sees them", .serialized, .enabled(if: Tools.busTestsCanRun),
  .leavesNoChildProcesses,
  .timeLimit(.minutes(1)))
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

  @Test(.enabled(if: Tools.which("script") != nil))
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

  /// Polls playerctld's `PlayerNames` until `isReady` holds for it (at most 10 s).
  func waitForPlayerNames(_ bus: PrivateBus, _ isReady: ([String]) -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    var names: [String] = []
    while ContinuousClock.now < deadline {
      let result = try await bus.run(
        "busctl", "--address", bus.address, "--json=short", "get-property",
        "org.mpris.MediaPlayer2.playerctld",
        "/org/mpris/MediaPlayer2", "com.github.altdesktop.playerctld", "PlayerNames")
      if result.status == 0,
        let object = try? JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
        let data = object["data"] as? [String]
      {
        names = data.map { String($0.dropFirst("org.mpris.MediaPlayer2.".count)) }
        if isReady(names) { return }
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw TestFailure("playerctld's PlayerNames never got ready: \(names)")
  }

  @Test func `with playerctld on the bus, players come in its order of activity and -p applies to it`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startMockPlayer("test1", artist: "A1", title: "T1")
    try await bus.startMockPlayer("test2", artist: "A2", title: "T2")
    try await bus.startMockPlayer("test3", artist: "A3", title: "T3")
    _ = try bus.start("playerctld", [])
    try await bus.waitForName("org.mpris.MediaPlayer2.playerctld")
    try await waitForPlayerNames(bus) { Set($0) == ["test1", "test2", "test3"] }
    try await bus.play("test2")
    try await waitForPlayerNames(bus) { $0.first == "test2" }
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
