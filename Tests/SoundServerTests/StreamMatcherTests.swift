import BusTestSupport
import Foundation
import HubSupport
import SoundServer
import Synchronization
import Testing

/// A table of processes for the rule's own cases (pids the machine does not have); counts its
/// reads, to pin the cache.
final class ProcessTable: ProcessTree {
  struct Entry: Sendable {
    var parent: Int32
    var namespaceIDs: [Int32]? = nil
    var flatpak: ProcessFiles.FlatpakInfo? = nil
    var binary: String? = nil
    var machineID: String? = nil
  }

  let entries: [Int32: Entry]
  private let readCount = Mutex(0)

  init(_ entries: [Int32: Entry]) { self.entries = entries }

  var reads: Int { readCount.withLock { $0 } }

  func status(of process: Int32) -> ProcessFiles.Status? {
    readCount.withLock { $0 += 1 }
    return entries[process].map {
      ProcessFiles.Status(parent: $0.parent, namespaceIDs: $0.namespaceIDs ?? [process])
    }
  }
  func flatpakInfo(of process: Int32) -> ProcessFiles.FlatpakInfo? { entries[process]?.flatpak }
  func binary(of process: Int32) -> String? { entries[process]?.binary }
  func machineID(of process: Int32) -> String? { entries[process]?.machineID }
  func processes() -> [Int32] {
    readCount.withLock { $0 += 1 }
    return entries.keys.sorted()
  }
}

extension ProcessTable {
  /// The Flatpak app of ``browserAndFlatpakApp()``.
  static let flatpakApp = ProcessFiles.FlatpakInfo(appID: "org.example.Player", instanceID: "42")

  /// A browser (100) whose audio service (300) is its grandchild through a zygote (200); a
  /// Flatpak app whose bus proxy is 500 and whose player is 600 on the host, 2 in its sandbox;
  /// another Flatpak app (700).
  static func browserAndFlatpakApp() -> ProcessTable {
    ProcessTable([
      1: .init(parent: 0),
      100: .init(parent: 1),
      200: .init(parent: 100),
      300: .init(parent: 200),
      500: .init(parent: 1, namespaceIDs: [500, 2], flatpak: flatpakApp, binary: "xdg-dbus-proxy"),
      600: .init(parent: 1, namespaceIDs: [600, 2], flatpak: flatpakApp, binary: "mpv", machineID: "m1"),
      700: .init(parent: 1, namespaceIDs: [700, 2], flatpak: .init(appID: "org.other.App", instanceID: "9")),
    ])
  }
}

func stream(_ index: UInt32, _ origin: StreamOrigin) -> PlaybackStream {
  PlaybackStream(index: index, role: "music", origin: origin, sinkIndex: 1, isCorked: false)
}

@Suite("Players are matched to streams as WirePlumber and KDE do: process, descendant, Flatpak, heuristic")
struct StreamMatcherRuleTests {
  static let app = ProcessTable.flatpakApp

  let table = ProcessTable.browserAndFlatpakApp()

  @Test func `a stream of the player's own process matches by process`() throws {
    var matcher = StreamMatcher(tree: table)
    let foundMatch = matcher.match(stream(1, .init(processID: 100)), to: PlayerProcess(processID: 100))
    let match = try #require(foundMatch)
    #expect(match.kind == .process)
  }

  @Test func `a stream of a grandchild matches by descendant process, two generations up`() throws {
    var matcher = StreamMatcher(tree: table)
    let foundMatch = matcher.match(stream(1, .init(processID: 300)), to: PlayerProcess(processID: 100))
    let match = try #require(foundMatch)
    #expect(match.kind == .descendantProcess)
    #expect(match.generations == 2)
  }

  @Test func `the closest player up the chain wins`() {
    var matcher = StreamMatcher(tree: table)
    let owners = matcher.owners(
      of: stream(1, .init(processID: 300)),
      among: ["browser": PlayerProcess(processID: 100), "zygote": PlayerProcess(processID: 200)])
    #expect(Array(owners.keys) == ["zygote"])
  }

  @Test func `a stream of an unrelated process matches nothing`() {
    var matcher = StreamMatcher(tree: table)
    #expect(matcher.match(stream(1, .init(processID: 100)), to: PlayerProcess(processID: 300)) == nil)
  }

  @Test func `on PipeWire, the portal app id matches the player's Flatpak app and instance`() throws {
    var matcher = StreamMatcher(tree: table)
    let player = PlayerProcess(processID: 500, flatpak: Self.app)
    let foundMatch = matcher.match(
      stream(1, .init(processID: 2, portalAppID: "org.example.Player")), to: player)
    let match = try #require(foundMatch)
    #expect(match.kind == .flatpakApp)
    #expect(
      matcher.match(
        stream(2, .init(processID: 2, portalAppID: "org.example.Player", portalInstanceID: "7")), to: player)
        == nil)
    #expect(matcher.match(stream(3, .init(processID: 2, portalAppID: "org.other.App")), to: player) == nil)
  }

  @Test func `a stream stamped with a portal app id is not taken for the host's process of the same id`() {
    var matcher = StreamMatcher(tree: table)
    // Host process 100 is not the sandbox's 100.
    #expect(
      matcher.match(
        stream(1, .init(processID: 100, portalAppID: "org.other.App")), to: PlayerProcess(processID: 100))
        == nil)
  }

  @Test func `on PulseAudio, the sandbox's process is found through NSpid, checked by binary and machine id`()
    throws
  {
    var matcher = StreamMatcher(tree: table)
    let player = PlayerProcess(processID: 500, flatpak: Self.app)
    let foundMatch = matcher.match(stream(1, .init(processID: 2, binary: "mpv", machineID: "m1")), to: player)
    let match = try #require(foundMatch)
    #expect(match.kind == .flatpakApp)
    #expect(match.detail.contains("process 600"))
    #expect(matcher.match(stream(2, .init(processID: 2, binary: "vlc")), to: player) == nil)
    #expect(matcher.match(stream(3, .init(processID: 2, binary: "mpv", machineID: "m2")), to: player) == nil)
  }

  @Test func `the last resort is the DesktopEntry against application.id or icon_name, reported as a guess`()
    throws
  {
    var matcher = StreamMatcher(tree: table)
    let player = PlayerProcess(processID: 999, desktopEntry: "VLC.desktop")
    let foundMatch = matcher.match(stream(1, .init(processID: 4242, iconName: "vlc")), to: player)
    let match = try #require(foundMatch)
    #expect(match.kind == .heuristic)
    #expect(
      matcher.match(stream(2, .init(processID: 4242, applicationID: "vlc")), to: player)?.kind == .heuristic)
    #expect(matcher.match(stream(3, .init(processID: 4242, applicationID: "mpv")), to: player) == nil)
  }

  @Test func `a stream's process lookups are made once, whatever the players matched against it`() {
    var matcher = StreamMatcher(tree: table)
    let flatpak = PlayerProcess(processID: 500, flatpak: Self.app)
    _ = matcher.match(stream(1, .init(processID: 300)), to: PlayerProcess(processID: 100))
    _ = matcher.match(stream(9, .init(processID: 2, binary: "mpv")), to: flatpak)
    let reads = table.reads
    #expect(reads > 0)
    for _ in 0..<10 {
      _ = matcher.match(stream(1, .init(processID: 300)), to: PlayerProcess(processID: 200))
      _ = matcher.match(stream(9, .init(processID: 2, binary: "mpv")), to: flatpak)
    }
    #expect(table.reads == reads)
    matcher.forget(1)
    #expect(!matcher.hasLookedUp(1))
    #expect(matcher.hasLookedUp(9))
  }
}

@Suite(
  "The matcher on real /proc: processes the test starts, a bubblewrap sandbox shaped as Flatpak's",
  .serialized, .timeLimit(.minutes(3)))
struct StreamMatcherProcTests {
  let files = ProcessFiles()

  @Test func `a grandchild's stream matches its grandparent player by descendant process`() async throws {
    let player = try ChildProcess("sh", ["-c", "sh -c 'sleep 300; true'; true"])
    defer { player.kill() }
    let shell = try await files.child(of: player.processIdentifier)
    let sleeper = try await files.child(of: shell)
    var matcher = StreamMatcher(tree: files)
    let foundMatch = matcher.match(
      stream(1, .init(processID: sleeper)), to: PlayerProcess(processID: player.processIdentifier))
    let match = try #require(foundMatch)
    #expect(match.kind == .descendantProcess)
    #expect(match.generations == 2)
    #expect(files.binary(of: sleeper) == "sleep")
  }

  @Test(.enabled(if: .bwrap))
  func
    `a stream from inside a Flatpak-shaped sandbox matches the player whose bus proxy shares its instance`()
    async throws
  {
    let sandbox = try FlatpakShapedSandbox(instanceID: "31337")
    defer { sandbox.remove() }
    let appID = sandbox.appID
    // The bus proxy's sandbox, and the app's, whose player prints its id inside.
    let running = try await sandbox.startAppAndProxy(reading: files)
    defer { running.kill() }
    let inside = running.inside
    let proxySleep = running.proxyProcess
    let player = PlayerProcess(processID: proxySleep, desktopEntry: nil, reading: files)
    #expect(player.flatpak == ProcessFiles.FlatpakInfo(appID: appID, instanceID: "31337"))
    var matcher = StreamMatcher(tree: files)
    let foundOnPulseAudio = matcher.match(stream(1, .init(processID: inside, binary: "sleep")), to: player)
    let onPulseAudio = try #require(foundOnPulseAudio)
    #expect(onPulseAudio.kind == .flatpakApp, "\(onPulseAudio)")
    let foundOnPipeWire = matcher.match(stream(2, .init(processID: inside, portalAppID: appID)), to: player)
    let onPipeWire = try #require(foundOnPipeWire)
    #expect(onPipeWire.kind == .flatpakApp)
    // Another app's sandbox does not match.
    let stranger = PlayerProcess(
      processID: proxySleep, flatpak: .init(appID: appID + ".Other", instanceID: "1"), desktopEntry: nil)
    #expect(matcher.match(stream(3, .init(processID: inside, binary: "sleep")), to: stranger) == nil)
  }

  @Test func `a .flatpak-info file's app and instance are read, and a file without an app is none`() {
    #expect(
      ProcessFiles.flatpakInfo(
        parsing:
          "[Application]\nname=org.videolan.VLC\nruntime=x\n\n[Instance]\ninstance-id=123\napp-path=/a\n")
        == .init(appID: "org.videolan.VLC", instanceID: "123"))
    #expect(ProcessFiles.flatpakInfo(parsing: "[Instance]\ninstance-id=123\n") == nil)
    #expect(ProcessFiles.flatpakInfo(parsing: "") == nil)
  }

  @Test func `a process that is gone reads as nothing`() {
    #expect(files.status(of: Int32.max) == nil)
    #expect(files.flatpakInfo(of: Int32.max) == nil)
    #expect(files.binary(of: Int32.max) == nil)
  }

  @Test func `a process list that cannot be read is an error the lookups carry, read once`() {
    let missing = ProcessFiles(root: "/nonexistent-proc-\(getpid())")
    #expect(throws: ProcessFiles.ListingError.self) { try missing.processes() }
    let found = StreamMatcher.lookUp([.sandbox], of: 42, in: missing)
    #expect(found.scanFailure?.root == missing.root)
    let said = found.scanFailure?.description ?? ""
    #expect(said.hasPrefix("cannot list the processes in \(missing.root): "), "\(said)")
  }
}
