import BusTestSupport
import Foundation
import Testing

/// `remotectl check` on a player far from its defaults: afterwards the player is as it was.
@Suite(
  "End to end: check leaves the player as it found it", .serialized, .enabled(if: Tools.busTestsCanRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct CheckRestoreTests {
  /// What the test compares: the track, loop, shuffle, volume and status, and Rate.
  static func settings(_ bus: PrivateBus) async throws -> String {
    let text = try await bus.remotectl(
      "-p", "binaural", "-f", "{{mpris:trackid}} {{loop}} {{shuffle}} {{volume}} {{status}}", "metadata")
    let rate = try await bus.run(
      "busctl",
      [
        "--address=\(bus.address)", "get-property", "org.mpris.MediaPlayer2.binaural",
        "/org/mpris/MediaPlayer2",
        "org.mpris.MediaPlayer2.Player", "Rate",
      ])
    return text.trimmed + " rate " + rate.trimmed
  }

  static func position(_ bus: PrivateBus) async throws -> Double {
    try #require(Double(try await bus.remotectl("-p", "binaural", "position").trimmed))
  }

  @Test func `check restores track, position, loop, shuffle, rate, volume and status`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    // Loop Playlist, then Previous from the first track wraps to the last: Next then wraps too.
    for arguments in [
      ["loop", "Playlist"], ["shuffle", "On"], ["volume", "0.3"], ["previous"], ["position", "42"],
    ] {
      #expect(try await bus.playerctl(["-p", "binaural"] + arguments).status == 0, "\(arguments)")
    }
    let rate = try await bus.run(
      "busctl",
      [
        "--address=\(bus.address)", "set-property", "org.mpris.MediaPlayer2.binaural",
        "/org/mpris/MediaPlayer2",
        "org.mpris.MediaPlayer2.Player", "Rate", "d", "1.5",
      ])
    #expect(rate.succeeded, "\(rate)")
    let before = try await Self.settings(bus)
    #expect(before.contains("Playlist true 0.2999") && before.hasSuffix("Paused rate d 1.5"), "\(before)")
    let positionBefore = try await Self.position(bus)
    #expect(abs(positionBefore - 42) < 0.5)

    let check = try await bus.remotectl("check", "binaural")
    #expect(check.output.contains("PASS check-restores-the-player"), "\(check.output)")
    // binaural has no window to raise: it does not offer Raise, and check does not call it.
    #expect(check.output.contains("PASS raise-when-can-raise: CanRaise is false"), "\(check.output)")
    #expect(!check.output.contains("quit-when-can-quit"), "Quit only with --quit")

    #expect(try await Self.settings(bus) == before)
    let positionAfter = try await Self.position(bus)
    #expect(abs(positionAfter - positionBefore) <= 1, "position \(positionAfter), was \(positionBefore)")
  }

  @Test func `check calls Quit only with --quit, and the player leaves`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let check = try await bus.remotectl("check", "--quit", "binaural")
    #expect(check.output.contains("PASS quit-when-can-quit"), "\(check.output)")
    // A bounded poll of the bus's names: the player leaves once it has answered Quit.
    var names = ""
    for _ in 0..<50 {
      names = try await bus.run("busctl", ["--address=\(bus.address)", "list", "--acquired", "--no-legend"])
        .output
      if !names.contains("org.mpris.MediaPlayer2.binaural") { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(!names.contains("org.mpris.MediaPlayer2.binaural"), "\(names)")
  }
}
