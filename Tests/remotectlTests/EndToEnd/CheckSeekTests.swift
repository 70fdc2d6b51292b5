import BusTestSupport
import Foundation
import Testing

/// How far `remotectl check`'s `seeked-after-seek` lets a relative Seek land from Position +
/// offset: up to 0.3 s short (a player whose output restarts after a seek announces a position
/// a little ahead of it), 0.1 s long.
@Suite(
  "remotectl check: where Seek may land", .serialized, .enabled(if: Tools.busTestsCanRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct CheckSeekTests {
  /// `seeking-player.py NAME ERROR`: an MPRIS player that plays on the wall clock and whose
  /// `Seek(offset)` lands `ERROR` seconds away from the position last read + offset, announced
  /// with `Seeked` (so that how long the call takes to arrive, long under load, moves nothing).
  static let script = PythonProgram.source("seeking_player.py")

  @Test(arguments: [(-0.2, true), (0.0, true), (-0.6, false), (1.0, false)])
  func `a Seek landing up to 0.3 s short passes, further off it fails`(error: Double, passes: Bool)
    async throws
  {
    let bus = try await PrivateBus.start()
    let script = bus.directory.appendingPathComponent("seeking-player.py")
    try Self.script.write(to: script, atomically: true, encoding: .utf8)
    let player = try bus.start(
      "/usr/bin/python3", [script.path, "seeker", "\(error)"],
      standardError: .file(bus.directory.appendingPathComponent("seeker.log").path))
    try await bus.waitForName("org.mpris.MediaPlayer2.seeker")
    let result = try await bus.remotectl("check", "seeker")
    let line = try #require(
      result.output.split(separator: "\n").first { $0.contains("seeked-after-seek") }, "\(result.output)")
    #expect(line.hasPrefix(passes ? "PASS " : "FAIL "), "Seek \(error) s off: \(line)")
    await player.terminate()
    await bus.stop()
  }
}
