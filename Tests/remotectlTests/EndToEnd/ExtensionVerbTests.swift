import BusTestSupport
import Foundation
import Testing

/// remotectl's verbs beyond MPRIS, over the extension interface, end to end on a private bus.
@Suite(
  "End to end: remotectl's extension verbs", .serialized, .enabled(if: Tools.busTestsCanRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct ExtensionVerbTests {
  /// Starts binaural with its favourites under the bus's folder, never the user's.
  static func startBinaural(on bus: PrivateBus) async throws -> ChildProcess {
    let binaural = try ChildProcess(
      Tools.binaural, ["--output", "null"],
      environment: bus.environment.merging([
        "XDG_DATA_HOME": bus.directory.appendingPathComponent("data").path
      ]) {
        $1
      }, standardError: .file("/dev/null"))
    try await bus.waitForName("org.mpris.MediaPlayer2.binaural")
    return binaural
  }

  @Test func `like, skip and metadata act on binaural through the extension interface`() async throws {
    let bus = try await PrivateBus.start()
    let binaural = try await Self.startBinaural(on: bus)
    defer { binaural.kill() }

    var metadata = try await bus.remotectl("metadata")
    #expect(metadata.output.contains("binaural remotecontrol:LikeActive  false"), "\(metadata)")
    #expect(metadata.output.contains("remotecontrol:SkipForwardIntervals 15000000"), "\(metadata)")
    let like = try await bus.remotectl("like")
    #expect(like.status == 0, "\(like)")
    metadata = try await bus.remotectl("metadata")
    #expect(metadata.output.contains("binaural remotecontrol:LikeActive  true"), "\(metadata)")
    #expect(metadata.output.contains("{'like', 'success'}"), "\(metadata)")
    #expect(try await bus.remotectl("like", "--undo").status == 0)
    #expect(try await bus.remotectl("metadata").output.contains("remotecontrol:LikeActive  false"))

    // Paused at 0: forward by the preferred 15 s, back by 15 s.
    #expect(try await bus.remotectl("skip-forward").status == 0)
    #expect(try await bus.remotectl("position").output == "15.000000\n")
    #expect(try await bus.remotectl("skip-backward").status == 0)
    #expect(try await bus.remotectl("position").output == "0.000000\n")

    let rate = try await bus.remotectl("rate", "4")
    #expect(rate.status == 1)
    #expect(
      rate.error
        == "Could not execute command: binaural, the Now Playing player, cannot rate: CanRate is false; "
        + "name another with -p\n")
    let bad = try await bus.remotectl("rate", "lots")
    #expect(bad.status == 1 && bad.error.contains("rating must be a number"), "\(bad)")
    let language = try await bus.remotectl("language", "en")
    #expect(
      language.status == 1 && language.error.contains("CanEnableLanguageOption is false"), "\(language)")
    let languages = try await bus.remotectl("languages")
    #expect(languages.status == 0 && languages.output.isEmpty, "\(languages)")
    binaural.kill()
    _ = try? await binaural.waitForExit()
    await bus.stop()
  }

  @Test(.enabled(if: Tools.mpvCanRun))
  func `a player without the interface gets a clear not-supported error`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startMpv()
    let like = try await bus.remotectl("-p", "mpv", "like")
    #expect(like.status == 1)
    #expect(
      like.error
        == "Could not execute command: like is not supported by mpv: it has no "
        + "io.github.swift_remote_control.RemoteControl1 interface\n", "\(like)")
    let skip = try await bus.remotectl("-p", "mpv", "skip-forward")
    #expect(skip.status == 1 && skip.error.contains("skip-forward is not supported by mpv"), "\(skip)")
    // mpv's metadata is playerctl's, with nothing added.
    #expect(!(try await bus.remotectl("-p", "mpv", "metadata").output.contains("remotecontrol:")))
    await bus.stop()
  }
}
