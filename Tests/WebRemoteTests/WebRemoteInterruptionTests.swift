import BusTestSupport
import Foundation
import Testing

/// mpv-mpris's plugin.
private let mprisPlugin: String? = ["/usr/lib/mpv-mpris/mpris.so", "/etc/mpv/scripts/mpris.so"]
  .first { FileManager.default.fileExists(atPath: $0) }

/// The web remote and the hub's audio session: a player paused for an interruption shows
/// `isInterrupted`, and a press sent from the web remote during it is the user's, which the
/// interruption's end does not undo.
@Suite(
  "The web remote during an interruption",
  .enabled(
    if: .mpv
      && .part("mpv-mpris's mpris.so", from: .debianPackage("mpv-mpris"), isPresent: mprisPlugin != nil)
      && .curl))
struct WebRemoteInterruptionTests {
  @Test func aPausePressedInTheWebRemoteDuringAnInterruptionIsNotUndoneByItsEnd() async throws {
    let bus = try await PrivateBus.start()
    _ = try bus.start(
      "mpv",
      [
        "--no-config", "--idle=yes", "--script=\(mprisPlugin ?? "")", "--no-video", "--ao=null",
        "--no-terminal", "av://lavfi:sine",
      ], standardError: .file("/dev/null"))
    let hub = try await HubUnderTest.start(on: bus)
    let base = try await hub.url()
    let (_, device) = try await hub.pair()
    let authorization = "Authorization: Bearer \(device.key)"
    func player() async throws -> String {
      try await hub.curl(["-H", authorization, base + "api/players/mpv"]).body
    }
    // Each look starts `remotectl hub` anew, which takes seconds when the whole suite runs: the
    // wait allows several, and a failure says what the hub said last.
    func hubSays(_ text: String) async throws {
      try await eventually(
        "remotectl hub to say \(text)", within: .seconds(30), { try await hub.remotectl(["hub"]).error }
      ) { $0.contains(text) }
    }
    try await eventually("mpv playing, in the web remote") {
      try await player().contains(#""playbackStatus":"Playing""#)
    }

    let begin = try await hub.remotectl(["interrupt", "begin"])
    #expect(begin.status == 0, "\(begin.error)")
    try await eventually("mpv paused and shown interrupted") {
      let body = try await player()
      return body.contains(#""playbackStatus":"Paused""#) && body.contains(#""isInterrupted":true"#)
    }
    try await hubSays("its end resumes mpv")
    let pause = try await hub.curl(["-X", "POST", "-H", authorization, base + "api/players/mpv/pause"])
    #expect(pause.status == 200, "\(pause.body)")
    try await hubSays("its end resumes nothing")
    _ = try await hub.remotectl(["interrupt", "end"])
    try await hubSays("No interruption under way")
    let status = try await bus.run("playerctl", ["-p", "mpv", "status"])
    #expect(status.output.trimmingCharacters(in: .whitespacesAndNewlines) == "Paused")
    await hub.stop()
    await bus.stop()
  }
}
