import BusTestSupport
import Foundation
import Testing

/// playerctld (2.4.1) watches every signal at `/org/mpris/MediaPlayer2` and aborts on a
/// `PropertiesChanged` of an interface it does not know: the extension interface's signals must
/// never reach it, which is why the extension lives at a child object.
@Suite(
  "End to end: the extension interface leaves playerctld running", .serialized,
  .enabled(if: Tools.busTestsCanRun), .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct PlayerctldExtensionTests {
  /// Reads binaural's `LikeActive` with busctl, at the extension's object.
  static func likeActive(_ bus: PrivateBus) async throws -> String {
    let result = try await bus.busctl(
      "get-property", "org.mpris.MediaPlayer2.binaural", "/org/mpris/MediaPlayer2/RemoteControl",
      "io.github.swift_remote_control.RemoteControl1", "LikeActive")
    #expect(result.succeeded, "\(result)")
    return result.trimmed
  }

  /// Whether `playerctld` has ended within `bound`.
  static func hasEnded(_ playerctld: ChildProcess, within bound: Duration) async throws -> Bool {
    (try? await eventually("playerctld to end", within: bound) {
      !ChildProcess.isRunning(playerctld.processIdentifier)
    }) != nil
  }

  @Test func `like and unlike through the extension leave playerctld running and answering`() async throws {
    let bus = try await PrivateBus.start()
    let playerctld = try bus.start("playerctld", [])
    try await bus.waitForName("org.mpris.MediaPlayer2.playerctld")
    // Its favourites under the bus's folder, never the user's.
    let binaural = try await ExtensionVerbTests.startBinaural(on: bus)
    defer { binaural.kill() }
    try await bus.waitForPlayer("binaural", status: "Paused")

    for (arguments, expected) in [
      (["-p", "binaural", "like"], "b true"), (["-p", "binaural", "like", "--undo"], "b false"),
    ] {
      let verb = try await bus.remotectl(arguments: arguments)
      #expect(verb.status == 0, "\(arguments): \(verb)")
      // The change is read back: binaural announced it before answering this read.
      #expect(try await Self.likeActive(bus) == expected, "\(arguments)")
      #expect(
        try await !Self.hasEnded(playerctld, within: .seconds(1)),
        "playerctld ended after \(arguments)")
      // playerctld answers for binaural (once it has taken it in: a bounded poll).
      let status = try await eventually("playerctld to answer status after \(arguments)") {
        () async throws -> String? in
        let status = try await bus.playerctl(["-p", "playerctld", "status"])
        return status.succeeded && status.trimmed == "Paused" ? status.trimmed : nil
      }
      #expect(status == "Paused")
      // playerctl starts a playerctld of its own when none runs: the one started here answered.
      #expect(ChildProcess.isRunning(playerctld.processIdentifier), "playerctld ended after \(arguments)")
    }
  }
}
