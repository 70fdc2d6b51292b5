import BusTestSupport
import Foundation
import Testing

/// The verbs binaural does not offer, against a python3-dbus player that has them.
@Suite(
  "End to end: remotectl's extension verbs on a python3-dbus player", .serialized,
  .enabled(if: Tools.busTestsCanRun), .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct ExtensionVerbPythonTests {
  @Test func `rate, dislike, bookmark, skips and languages reach the player as typed calls`() async throws {
    let bus = try await PrivateBus.start()
    let player = try await ExtensionTestPlayer.start(on: bus)
    func expectCall(_ arguments: [String], _ line: String) async throws {
      let result = try await bus.remotectl(arguments: ["-p", "pyext"] + arguments)
      #expect(result.status == 0, "\(result)")
      #expect(try await player.line { _ in true } == line, "\(arguments)")
    }
    try await expectCall(["rate", "4.5"], "Rate 4.5")
    try await expectCall(["dislike"], "Dislike False")
    try await expectCall(["bookmark", "--undo"], "Bookmark True")
    try await expectCall(["skip-forward"], "SkipForward 10000000")
    try await expectCall(["skip-backward"], "SkipBackward 0")
    try await expectCall(["language", "fr-cc"], "EnableLanguageOption fr-cc")
    try await expectCall(["language", "en", "--off"], "DisableLanguageOption en")

    let languages = try await bus.remotectl("-p", "pyext", "languages")
    #expect(
      languages.output == "* en\taudible\ten\tEnglish\n  fr-cc\tlegible\tfr\tFrançais\n", "\(languages)")
    let like = try await bus.remotectl("-p", "pyext", "like")
    #expect(like.error == "Could not execute command: like is not available on pyext: CanLike is false\n")
    await bus.stop()
  }
}
