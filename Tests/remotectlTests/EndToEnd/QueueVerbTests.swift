import BusTestSupport
import Foundation
import Testing

/// `remotectl tracks`, `goto`, `playlists`, `playlist` and the queue's `check` rules against
/// binaural on a private bus.
@Suite(
  "End to end: remotectl's queue verbs", .serialized, .enabled(if: Tools.busTestsCanRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct QueueVerbTests {
  static let track = "/org/swift_remote_control/track/"

  @Test func `tracks lists the presets with the current one marked, and goto moves the mark`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let tracks = try await bus.remotectl("tracks")
    #expect(tracks.status == 0, "\(tracks)")
    let lines = tracks.output.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines.first == "* 1\tDelta 2 Hz · Deep sleep\t\(Self.track)delta_2d2hz")
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })

    #expect(try await bus.remotectl("goto", "3").status == 0)
    #expect(try await bus.playerctl(["metadata", "xesam:title"]).output == "Alpha 10 Hz · Relaxed focus\n")
    #expect(try await bus.remotectl("goto", "gamma_2d40hz").status == 0)
    #expect(try await bus.playerctl(["metadata", "xesam:title"]).output == "Gamma 40 Hz · Concentration\n")
    #expect(try await bus.remotectl("goto", "\(Self.track)theta_2d6hz").status == 0)
    let after = try await bus.remotectl("tracks")
    #expect(after.output.split(separator: "\n")[1].hasPrefix("* 2\t"), "\(after.output)")

    let tooFar = try await bus.remotectl("goto", "9")
    #expect(tooFar.status == 1)
    #expect(tooFar.error == "No track 9: the track list has 5\n")
    let unknown = try await bus.remotectl("goto", "nope")
    #expect(unknown.error == "No track nope in the track list\n")
    #expect(try await bus.playerctl(["metadata", "xesam:title"]).output == "Theta 6 Hz · Meditation\n")
  }

  @Test func `playlists lists Sleep and Focus, and playlist makes one the track list`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let before = try await bus.remotectl("playlists")
    #expect(
      before.output
        == "  Sleep\t/org/swift_remote_control/playlist/sleep\n  Focus\t/org/swift_remote_control/playlist/focus\n"
    )
    #expect(try await bus.remotectl("playlist", "focus").status == 0)
    #expect(try await bus.remotectl("playlists").output.contains("* Focus\t"))
    let tracks = try await bus.remotectl("tracks")
    let ids: [String] = tracks.output.split(separator: "\n").map { line in
      String(line.split(separator: "\t").last ?? "")
    }
    let expected: [String] = ["alpha_2d10hz", "beta_2d20hz", "gamma_2d40hz"].map { Self.track + $0 }
    #expect(ids == expected)
    let unknown = try await bus.remotectl("playlist", "party")
    #expect(unknown.status == 1)
    #expect(unknown.error == "No playlist party: the player has Sleep, Focus\n")
  }

  @Test func `check passes the TrackList and Playlists rules on binaural`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let result = try await bus.remotectl("check", "binaural")
    #expect(result.status == 0, "\(result)")
    for rule in [
      "tracklist-properties", "tracklist-metadata", "tracklist-goto-unknown", "playlists-properties",
      "playlists-get",
    ] {
      #expect(result.output.contains("PASS \(rule): "), "\(rule) in \(result.output)")
    }
  }
}
