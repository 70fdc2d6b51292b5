import BusTestSupport
import Foundation
import Testing

/// One version everywhere: what the three executables print for `--version`, what the README
/// says this is and the CHANGELOG's newest version are the same.
@Suite("Getting started: one version everywhere", .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct VersionTests {
  /// The first capture of `pattern` in `text`.
  static func firstMatch(of pattern: String, in text: String) throws -> String? {
    let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    guard
      let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
      let range = Range(match.range(at: 1), in: text)
    else { return nil }
    return String(text[range])
  }

  /// The file at `path` from the package's root.
  static func read(_ path: String) throws -> String {
    try String(contentsOf: PodcastsExampleTests.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// What `executable --version` prints, trimmed, after it exits 0.
  static func printedVersion(of executable: String) async throws -> String {
    let result = try await ChildProcess.run(BuiltProducts.path(of: executable), ["--version"])
    try #require(result.succeeded, "\(result)")
    return result.trimmed
  }

  @Test("The executables, the README and the CHANGELOG state the same version")
  func oneVersionEverywhere() async throws {
    let changelog = try #require(
      try Self.firstMatch(
        of: #"^## \[([0-9]+\.[0-9]+\.[0-9]+)\] - [0-9]{4}-[0-9]{2}-[0-9]{2}$"#, in: Self.read("CHANGELOG.md")),
      "CHANGELOG.md has a dated version heading")
    let newestHeading = try #require(
      try Self.firstMatch(of: #"^## \[([^\]]+)\]"#, in: Self.read("CHANGELOG.md")))
    #expect(
      newestHeading == changelog,
      "the CHANGELOG's first section is the released version, not \(newestHeading)")
    let readme = try #require(
      try Self.firstMatch(of: #"This is version \*\*([^*]+)\*\*"#, in: Self.read("README.md")),
      "README.md says \"This is version **X**\"")
    #expect(readme == changelog)

    // remotectl prints a `v` first, as playerctl prints its own version.
    #expect(try await Self.printedVersion(of: "remotectl") == "v" + changelog)
    #expect(try await Self.printedVersion(of: "binaural") == changelog)
    #expect(try await Self.printedVersion(of: "remotectld") == changelog)
  }
}
