import BusTestSupport
import Foundation
import Testing

/// remotectl's own behaviour on a private bus: choosing the player, following, checking,
/// diagnosing, and bad input.
@Suite(
  "End to end: remotectl beyond playerctl", .serialized, .enabled(if: Tools.busTestsCanRun),
  .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct ControllerEndToEndTests {
  @Test func `without -p the playing player gets the command, not the first name on the bus`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural(name: "aaa")
    try await bus.startBinaural(name: "zzz")
    #expect(try await bus.playerctl(["-p", "zzz", "play"]).status == 0)
    #expect(try await bus.remotectl("-f", "{{playerName}} {{status}}", "status").output == "zzz Playing\n")
    // playerctl takes the first name in alphabetical order.
    #expect(try await bus.playerctl(["-f", "{{playerName}} {{status}}", "status"]).output == "aaa Paused\n")
    #expect(try await bus.remotectl("pause").status == 0)
    #expect(try await bus.playerctl(["-p", "zzz", "status"]).output == "Paused\n")
    // Without history, a paused player comes before a stopped one.
    #expect(try await bus.playerctl(["-p", "aaa", "stop"]).status == 0)
    #expect(try await bus.remotectl("-f", "{{playerName}}", "status").output == "zzz\n")
    // -p order wins over activity.
    #expect(try await bus.remotectl("-p", "aaa,zzz", "-f", "{{playerName}}", "status").output == "aaa\n")
  }

  @Test func `follow prints each change as it happens, driven by signals`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let follower = try bus.startRemotectl(["-F", "-f", "{{status}} {{trunc(title, 5)}}", "status"])
    #expect(await follower.nextLine() == "Paused ")
    #expect(try await bus.playerctl(["play"]).status == 0)
    #expect(await follower.nextLine() == "Playing ")
    let metadataFollower = try bus.startRemotectl(["-F", "metadata", "title"])
    let first = await metadataFollower.nextLine()
    #expect(first != nil)
    #expect(try await bus.playerctl(["next"]).status == 0)
    let second = await metadataFollower.nextLine()
    #expect(second != nil && second != first)
    await follower.terminate()
    await metadataFollower.terminate()
  }

  @Test func `following a position template ticks while playing and is silent while paused`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let follower = try bus.startRemotectl(["-F", "-f", "{{status}} {{duration(position)}}", "position"])
    #expect(await follower.nextLine() == "Paused 0:00")
    #expect(await follower.nextLine(within: .milliseconds(1500)) == nil)
    #expect(try await bus.playerctl(["play"]).status == 0)
    #expect(await follower.nextLine() == "Playing 0:00")
    #expect(await follower.nextLine(within: .seconds(2)) == "Playing 0:01")
    #expect(await follower.nextLine(within: .seconds(2)) == "Playing 0:02")
    #expect(try await bus.playerctl(["position", "90"]).status == 0)
    // Ticks printed while playerctl was on its way (a busy machine takes seconds) come first.
    #expect(try await follower.line { !$0.hasPrefix("Playing 0:") } == "Playing 1:30")
    await follower.terminate()
  }

  @Test func `check passes every rule on binaural`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let result = try await bus.remotectl("check", "binaural")
    #expect(result.status == 0, "\(result)")
    let lines = result.output.split(separator: "\n")
    #expect(lines.count >= 18)
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("PASS ") }, "\(result.output)")
    let json = try await bus.remotectl("check", "--json", "-p", "binaural")
    #expect(json.status == 0)
    #expect(json.output.hasPrefix("{\"player\":\"binaural\",\"passed\":true,"))
  }

  @Test(.enabled(if: Tools.mpvCanRun)) func `check reports on mpv with mpv-mpris, one line per rule`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startMpv()
    let result = try await bus.remotectl("check", "mpv")
    let lines = result.output.split(separator: "\n")
    #expect(
      lines.dropLast().allSatisfy { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }, "\(result.output)")
    #expect(lines.count >= 18)
    #expect(result.status == (lines.contains { $0.hasPrefix("FAIL ") } ? 1 : 0))
    print("remotectl check mpv:\n\(result.output)")
  }

  @Test func `doctor finds nothing wrong with a playing binaural and explains a missing player`() async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    #expect(try await bus.playerctl(["play"]).status == 0)
    let healthy = try await bus.remotectl("doctor")
    #expect(healthy.status == 0, "\(healthy)")
    let missing = try await bus.remotectl("doctor", "vlc")
    #expect(missing.status == 1)
    #expect(missing.output.contains("PROBLEM no player named vlc is registered → fix:"))
  }

  @Test func `bad input is one line on stderr and a non-zero exit`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    for (arguments, message) in [
      (["position", "abc"], "Could not execute command: Could not parse position as a number: abc\n"),
      (["volume", "x+"], "Could not execute command: could not parse volume as a number: x+\n"),
      (["-p", "vlc", "play"], "No players found\n"),
      (["-f", "{{title", "metadata"], "Could not execute command: unexpected end of expression\n"),
      (["frobnicate"], "Could not execute command: Command not recognized: frobnicate\n"),
    ] {
      let result = try await bus.remotectl(arguments: arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.error == message, "\(arguments)")
      #expect(result.output.isEmpty)
    }
    let noBus = try await ChildProcess.run(
      Tools.remotectl, ["status"],
      environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(bus.directory.path)/missing"])
    #expect(noBus.status == 1)
    #expect(noBus.error.split(separator: "\n").count == 1)
    #expect(noBus.error.hasPrefix("Could not connect to players: no session bus"))
  }
}

@Suite(
  "End to end: the live view", .serialized, .enabled(if: Tools.busTestsCanRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct LiveViewEndToEndTests {
  /// The next frame's two lines, escape sequences removed.
  func nextFrame(_ view: ChildProcess, within timeout: Duration = .seconds(5)) async -> (String, String)? {
    guard let header = await view.nextLine(within: timeout),
      let progress = await view.nextLine(within: timeout)
    else {
      return nil
    }
    return (Self.plain(header), Self.plain(progress))
  }

  static func plain(_ line: String) -> String {
    line.replacingOccurrences(of: "\u{1B}[2A", with: "").replacingOccurrences(of: "\u{1B}[2K", with: "")
      .replacingOccurrences(of: "\r", with: "")
  }

  @Test func `the bar jumps on Seeked, moves while playing and nothing wakes while paused`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let view = try bus.startRemotectl(["watch"])
    let first = try #require(await nextFrame(view))
    #expect(first.0.hasPrefix("⏸ ") && first.0.hasSuffix("(binaural)"))
    #expect(first.1 == "0:00 [------------------------------] 20:00")
    #expect(try await bus.playerctl(["position", "600"]).status == 0)
    let jumped = try #require(await nextFrame(view))
    #expect(jumped.1 == "10:00 [###############---------------] 20:00")
    // Paused: no timer, no polling, so no frame comes.
    #expect(await view.nextLine(within: .milliseconds(1500)) == nil)
    await view.terminate()
  }

  @Test func `while playing the position moves one second per frame`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let view = try bus.startRemotectl(["watch"])
    _ = try #require(await nextFrame(view))
    #expect(try await bus.playerctl(["play"]).status == 0)
    var seconds: [String] = []
    while seconds.count < 3, let frame = await nextFrame(view, within: .seconds(3)) {
      seconds.append(String(frame.1.prefix(4)))
    }
    #expect(seconds.count == 3)
    #expect(Set(seconds).count == seconds.count, "\(seconds)")
    await view.terminate()
  }
}
