import BusTestSupport
import Foundation
import Glibc
import RemoteControlMPRIS
import Testing

/// The README's "Use it" snippet is `Examples/podcasts/main.swift`, whole: these tests keep the
/// two the same and run it as the user would.
@Suite("Getting started: the README's player", .serialized, .leavesNoChildProcesses)
struct PodcastsExampleTests {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The built example.
  static let podcasts = BuiltProducts.path(of: "podcasts")

  @Test("The README's snippet is the example, character for character")
  func readmeShowsTheExample() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let example = try String(
      contentsOf: Self.root.appendingPathComponent("Examples/podcasts/main.swift"), encoding: .utf8)
    let snippet = try #require(
      Readme.codeBlock(after: "<!-- Examples/podcasts/main.swift -->", in: readme),
      "README.md has the marker and a swift block after it")
    #expect(snippet == example, "update README.md and Examples/podcasts/main.swift together")
  }

  @Test("The README's test snippet is the testing product's README test, character for character")
  func readmeShowsTheTestingSnippet() throws {
    let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let path = "Tests/RemoteControlMPRISTestingTests/ReadmeSnippet.swift"
    let test = try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    let snippet = try #require(
      Readme.codeBlock(after: "<!-- \(path) -->", in: readme),
      "README.md has the marker and a swift block after it")
    #expect(snippet == test, "update README.md and \(path) together")
  }

  @Test("The example is an MPRIS player on the session bus until SIGTERM, and ends cleanly")
  func exampleServesUntilSigterm() async throws {
    let bus = try await PrivateBus.start()
    defer { Task { await bus.stop() } }
    let controller = try await MediaPlayerBus.connect(address: bus.address)
    defer { controller.close() }
    let identity = PlayerIdentity(instance: "podcasts")
    let appearances = try await controller.appearances()

    let example = try bus.start(Self.podcasts)
    let appeared = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for await appearance in appearances {
          if case .appeared(identity, _) = appearance { return true }
        }
        return false
      }
      group.addTask {
        try? await Task.sleep(for: .seconds(20))
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    try #require(appeared, "the example took its name within 20 s: \(example.standardError)")
    let player = controller.player(identity)
    #expect(try await player.state().title == "Episode 1")
    #expect(try await player.state().playbackStatus == .paused)
    try await player.playPause()
    #expect(try await player.state().playbackStatus == .playing, "the toggle target ran before the reply")

    example.signal(SIGTERM)
    #expect(try await example.waitForExit() == 0, "\(example.standardError)")
    #expect(try await controller.owner(of: identity) == nil, "the name was released")
    await bus.stop()
  }

  @Test(
    "Without a session bus the example says what is missing and how to start one",
    arguments: [true, false])
  func noSessionBusIsExplained(withRuntimeDirectory: Bool) async throws {
    let runtime = FileManager.default.temporaryDirectory
      .appendingPathComponent("no-bus-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: runtime) }

    let example = try ChildProcess(
      Self.podcasts, [],
      environment: withRuntimeDirectory ? ["XDG_RUNTIME_DIR": runtime.path] : [:],
      removing: withRuntimeDirectory
        ? ["DBUS_SESSION_BUS_ADDRESS"] : ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"])
    #expect(try await example.waitForExit() == 1)
    let said = example.standardError
    #expect(said.hasPrefix("podcasts: cannot connect to the session bus: "), "\(said)")
    if withRuntimeDirectory {
      #expect(
        said.contains("DBUS_SESSION_BUS_ADDRESS is not set and \(runtime.path)/bus does not exist"), "\(said)"
      )
    } else {
      #expect(said.contains("neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set"), "\(said)")
    }
    #expect(said.contains("start one with `dbus-run-session -- COMMAND`"), "\(said)")
    #expect(!said.contains("No medium found"), "\(said)")
  }
}
