import BusTestSupport
import Foundation

/// The players and controllers the end-to-end tests start on a private bus; each is stopped
/// with the bus.
extension PrivateBus {
  /// Starts `binaural --output null` and waits until it owns its name and clients read it
  /// paused on its first preset.
  func startBinaural(name: String = "binaural") async throws {
    _ = try start(
      Tools.binaural, ["--output", "null", "--name", name],
      standardError: .file(directory.appendingPathComponent("\(name).log").path))
    try await waitForPlayer(name, status: "Paused")
  }

  /// Starts a second `binaural` whose name is taken, so it owns
  /// `org.mpris.MediaPlayer2.binaural.instance<pid>`; returns its pid once that name is owned and
  /// clients read it paused on its first preset.
  @discardableResult
  func startSecondBinaural() async throws -> Int32 {
    let child = try start(
      Tools.binaural, ["--output", "null"],
      standardError: .file(directory.appendingPathComponent("binaural-2.log").path))
    try await waitForPlayer("binaural.instance\(child.processIdentifier)", status: "Paused")
    return child.processIdentifier
  }

  /// Starts mpv with mpv-mpris on a sine source and waits until it owns
  /// `org.mpris.MediaPlayer2.mpv` *and* clients read it playing the sine: mpv-mpris takes the
  /// name before mpv has loaded the file, and until then its Metadata has no title.
  func startMpv() async throws {
    _ = try start(
      "mpv",
      [
        "--no-config", "--idle=yes", "--script=\(MPVPlugin.mpris ?? "")", "--no-video", "--ao=null",
        "--no-terminal", "av://lavfi:sine",
      ], standardError: .file("/dev/null"))
    try await waitForPlayer("mpv", status: "Playing")
  }

  /// Starts a long-running remotectl (a follower) on this bus.
  func startRemotectl(_ arguments: [String]) throws -> ChildProcess {
    try start(Tools.remotectl, arguments, standardError: .file("/dev/null"))
  }

  /// Runs remotectl on this bus.
  func remotectl(_ arguments: String...) async throws -> ClientResult {
    try await run(Tools.remotectl, arguments)
  }

  /// Runs remotectl with an argument array.
  func remotectl(arguments: [String]) async throws -> ClientResult {
    try await run(Tools.remotectl, arguments)
  }
}
