import HubSupport
import SoundServer
import Testing

/// The hub matches on its bus thread, where nothing may wait on `/proc`: what a match needs is
/// asked first, read elsewhere and stored, and the match itself reads nothing.
@Suite("A stream's /proc lookups are read apart from matching, which reads nothing")
struct StreamMatcherLookupTests {
  static let app = ProcessTable.flatpakApp

  let table = ProcessTable.browserAndFlatpakApp()

  @Test func `matching by what was read reads nothing, and finds a stream's own process without a read`() {
    let matcher = StreamMatcher(tree: table)
    let browser = ["browser": PlayerProcess(processID: 100)]
    #expect(matcher.knownOwners(of: stream(1, .init(processID: 300)), among: browser).isEmpty)
    #expect(
      matcher.knownOwners(of: stream(2, .init(processID: 100)), among: browser)["browser"]?.kind == .process)
    #expect(table.reads == 0)
  }

  @Test func `what is missing is read apart, stored, and then the descendant and the sandbox match`() throws {
    var matcher = StreamMatcher(tree: table)
    let players = [
      "browser": PlayerProcess(processID: 100), "flatpak": PlayerProcess(processID: 500, flatpak: Self.app),
    ]
    let grandchild = stream(1, .init(processID: 300))
    let sandboxed = stream(2, .init(processID: 2, binary: "mpv"))
    #expect(matcher.missing(for: grandchild, among: players.values) == [.parents, .sandbox])
    // Only a player in a sandbox makes the scan of every process worth it.
    #expect(matcher.missing(for: grandchild, among: [PlayerProcess(processID: 100)]) == [.parents])
    // A stream with a portal app id is matched by it alone.
    #expect(
      matcher.missing(for: stream(3, .init(processID: 2, portalAppID: "x")), among: players.values).isEmpty)

    for played in [grandchild, sandboxed] {
      let needs = matcher.missing(for: played, among: players.values)
      let found = StreamMatcher.lookUp(needs, of: try #require(played.origin.processID), in: table)
      matcher.store(found, for: played.index)
      #expect(matcher.missing(for: played, among: players.values).isEmpty)
    }
    let reads = table.reads
    #expect(reads > 0)
    #expect(matcher.knownOwners(of: grandchild, among: players)["browser"]?.kind == .descendantProcess)
    let inSandbox = matcher.knownOwners(of: sandboxed, among: players)["flatpak"]
    #expect(inSandbox?.kind == .flatpakApp)
    #expect(inSandbox?.detail.contains("process 600") == true)
    #expect(table.reads == reads)
  }
}
