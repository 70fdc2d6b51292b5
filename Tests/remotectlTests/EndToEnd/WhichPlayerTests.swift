import BusTestSupport
import Foundation
import Testing

/// One answer to "which player" in every remotectl mode: once the hub has chosen, `hub`, a piped
/// `-F status`, the live view (`watch`) and `-F status` on a terminal all show its choice, even
/// while another player plays.
@Suite(
  "End to end: every remotectl mode follows the hub's choice", .serialized,
  .enabled(if: Tools.mpvCanRun && PrivateBus.hubCanRun && .script),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct WhichPlayerTests {
  @Test
  func
    `after select binaural while mpv plays, hub, -F status piped and on a terminal, and watch show binaural`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub(["--http-port", "0", "--no-bridge"])
    try await bus.startBinaural()
    try await bus.startMpv()
    try await eventually("the hub to take mpv, which plays", { try await bus.remotectl("hub").output }) {
      $0.hasPrefix("* mpv\n")
    }
    #expect(try await bus.remotectl("select", "binaural").status == 0)
    try await bus.waitForHubListing("* binaural\n  mpv\n")
    #expect(try await bus.playerctl(["-p", "mpv", "status"]).output == "Playing\n", "mpv still plays")

    // Piped: the status of the hub's choice, binaural's, not the playing mpv's.
    let piped = try bus.startRemotectl(["-F", "status"])
    #expect(try await piped.line(within: .seconds(10)) == "Paused")

    // The live view, and -F status on a terminal (util-linux's script gives it one): binaural.
    let watch = try bus.startRemotectl(["watch"])
    let header = try await watch.line(within: .seconds(10))
    #expect(Self.plain(header).hasSuffix("(binaural)"), "\(Self.plain(header))")
    let terminal = try bus.start("script", ["-qec", "\(Tools.remotectl) -F status", "/dev/null"])
    let shown = try await terminal.line(within: .seconds(10)) { $0.contains("(") }
    #expect(Self.plain(shown).hasSuffix("(binaural)"), "\(Self.plain(shown))")

    // A change of choice reaches the live view too.
    #expect(try await bus.remotectl("select", "mpv").status == 0)
    let switched = try await watch.line(within: .seconds(10)) { Self.plain($0).hasSuffix(")") }
    #expect(Self.plain(switched).hasSuffix("(mpv)"), "\(Self.plain(switched))")
    await bus.stop()
  }

  /// A frame line without its escape sequences.
  static func plain(_ line: String) -> String {
    line.replacingOccurrences(of: "\u{1B}[2A", with: "").replacingOccurrences(of: "\u{1B}[2K", with: "")
      .replacingOccurrences(of: "\r", with: "").trimmingCharacters(in: .whitespaces)
  }
}
