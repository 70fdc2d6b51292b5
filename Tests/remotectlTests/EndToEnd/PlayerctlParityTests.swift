import BusTestSupport
import Testing

/// remotectl against playerctl on the same private bus: same output, same exit status.
@Suite(
  "End to end: remotectl matches playerctl", .serialized, .enabled(if: Tools.busTestsCanRun),
  .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct PlayerctlParityTests {
  /// Runs both with `arguments` and expects the same stdout and exit status.
  func expectSame(_ bus: PrivateBus, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    let theirs = try await bus.playerctl(arguments)
    let ours = try await bus.remotectl(arguments: arguments)
    // `metadata` adds the extension interface's lines after playerctl's table: playerctl cannot
    // know them, and the rest must be the same.
    let extensionLine = { (line: Substring) in line.contains(" remotecontrol:") }
    #expect(
      ours.output.split(separator: "\n", omittingEmptySubsequences: false).filter { !extensionLine($0) }
        == theirs.output.split(separator: "\n", omittingEmptySubsequences: false),
      "stdout of \(arguments)", sourceLocation: sourceLocation)
    #expect(
      ours.status == theirs.status, "exit status of \(arguments): \(ours)", sourceLocation: sourceLocation)
  }

  @Test func `printing verbs on binaural print what playerctl prints`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let cases: [[String]] = [
      ["-l"], ["status"], ["metadata"], ["metadata", "xesam:title"], ["metadata", "title"],
      ["metadata", "mpris:trackid"], ["metadata", "mpris:length"], ["metadata", "xesam:artist"],
      ["metadata", "nosuchkey"], ["volume"], ["loop"], ["shuffle"], ["position"],
      ["-p", "binaural", "status"], ["-p", "nosuch", "status"], ["-p", "nosuch,binaural", "status"],
      ["-p", "%any", "status"], ["-i", "binaural", "status"], ["-a", "status"],
      [
        "-f", "{{playerName}}:{{playerInstance}}:{{lc(status)}}:{{uc(title)}}:{{duration(mpris:length)}}",
        "metadata",
      ],
      [
        "-f", "{{emoji(status)}} {{emoji(volume)}} {{trunc(title, 7)}} {{default(xesam:comment, \"-\")}}",
        "metadata",
      ],
      ["-f", "{{markup_escape(title)}}|{{artist}}|{{album}}|{{mpris:length / 1000000}}", "metadata"],
      ["-f", "{{volume * 100}}% {{loop}} {{shuffle}} {{title}}", "volume"],
      ["-f", "{{status}} {{position}}", "status"],
      ["-f", "{{lc(}}", "status"], ["-f", "{{nosuch(title)}}", "metadata"], ["-f", "x", "play"],
    ]
    for arguments in cases { try await expectSame(bus, arguments) }
  }

  @Test func `changing verbs change binaural as playerctl reads it back`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    /// Runs remotectl `change`, then expects playerctl `query` to print `expected`: at once
    /// after a method call, which is answered once carried out; after a `written` property, once
    /// the player has carried it out (a write is answered first).
    func check(
      _ change: [String], _ query: [String], _ expected: String, written: Bool = false,
      sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
      let result = try await bus.remotectl(arguments: change)
      #expect(result.status == 0, "\(change): \(result)", sourceLocation: sourceLocation)
      if written { return try await bus.waitUntil(playerctl: query, prints: expected) }
      #expect(
        try await bus.playerctl(query).output == expected + "\n", "\(change) then \(query)",
        sourceLocation: sourceLocation)
    }
    try await check(["volume", "0.3"], ["volume"], "0.300000", written: true)
    try await check(["volume", "0.1+"], ["volume"], "0.400000", written: true)
    try await check(["volume", "0.25-"], ["volume"], "0.150000", written: true)
    try await check(["loop", "track"], ["loop"], "Track", written: true)
    try await check(["loop", "Playlist"], ["loop"], "Playlist", written: true)
    try await check(["shuffle", "on"], ["shuffle"], "On", written: true)
    try await check(["shuffle", "toggle"], ["shuffle"], "Off", written: true)
    let firstTitle = try await bus.playerctl(["metadata", "title"]).output
    try await check(["next"], ["status"], "Paused")
    #expect(try await bus.playerctl(["metadata", "title"]).output != firstTitle)
    try await check(["previous"], ["metadata", "title"], String(firstTitle.dropLast()))
    try await check(["play"], ["status"], "Playing")
    try await check(["pause"], ["status"], "Paused")
    try await check(["position", "30"], ["position"], "30.000000")
    try await check(["position", "10-"], ["position"], "20.000000")
    try await check(["position", "2.5+"], ["position"], "22.500000")
    try await check(["play-pause"], ["status"], "Playing")
    try await check(["stop"], ["status"], "Stopped")
  }

  @Test func `a second instance is name.instanceN, and name matches both`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let second = try await bus.startSecondBinaural()
    let listed = try await bus.remotectl("-l")
    let instance = try #require(
      listed.output.split(separator: "\n").first { $0.hasPrefix("binaural.instance") })
    _ = second
    for arguments in [
      ["-l"], ["-a", "status"], ["-p", String(instance), "-f", "{{playerInstance}}", "status"],
      ["-a", "-p", "binaural", "-f", "{{playerName}} {{playerInstance}}", "status"],
      ["-i", String(instance), "-a", "-f", "{{playerInstance}}", "status"],
    ] {
      try await expectSame(bus, arguments)
    }
  }

  @Test(.enabled(if: Tools.mpvCanRun)) func `mpv with mpv-mpris prints what playerctl prints`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startMpv()
    for arguments in [
      ["-l"], ["-p", "mpv", "metadata", "xesam:title"], ["-p", "mpv", "metadata", "mpris:trackid"],
      ["-p", "mpv", "volume"], ["-p", "mpv", "loop"], ["-p", "mpv", "shuffle"],
      ["-p", "mpv", "-f", "{{playerName}} {{title}} {{volume}}", "metadata"],
    ] {
      try await expectSame(bus, arguments)
    }
  }
}
