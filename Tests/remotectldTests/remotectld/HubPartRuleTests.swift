import Logging
import ServiceLifecycle
import Synchronization
import Testing

@testable import HubCore
@testable import remotectld

/// The rule of the hub's parts in its `ServiceGroup`, in process: an essential part's end stops
/// the others gracefully, last first, and fails the group; a listener's failure is reported and
/// stops nothing else.
@Suite("The hub's parts: the rule their end follows", .timeLimit(.minutes(1)))
struct HubPartRuleTests {
  /// What the parts did, in order.
  final class Journal: Sendable {
    private let entries = Mutex<[String]>([])
    func write(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  /// A part that serves until graceful shutdown, then writes that it stopped.
  static func serving(_ name: String, _ role: HubPart.Role, journal: Journal) -> HubPart {
    HubPart(name, role) {
      journal.write("\(name) runs")
      try await gracefulShutdown()
      journal.write("\(name) stopped")
    }
  }

  static func group(_ parts: [HubPart]) -> ServiceGroup {
    let logger = Logger(label: "HubPartRuleTests")
    return ServiceGroup(
      configuration: ServiceGroupConfiguration(
        services: parts.map { $0.serviceConfiguration(logger: logger) }, logger: logger))
  }

  @Test func `an essential part that ends stops the others last first, and the group fails naming it`()
    async throws
  {
    let journal = Journal()
    let group = Self.group([
      Self.serving("the hub", .essential, journal: journal),
      Self.serving("the web server", .listener(report: { _ in }), journal: journal),
      HubPart("the audio session", .essential) {
        // Ends once the others run, as a part would by mistake.
        while journal.all.count < 2 { try await Task.sleep(for: .milliseconds(5)) }
      },
    ])
    let error = await #expect(throws: HubError.self) { try await group.run() }
    #expect(error?.description == "the audio session stopped before the hub did, so the hub stops")
    #expect(Array(journal.all.suffix(2)) == ["the web server stopped", "the hub stopped"])
  }

  @Test func `a listener that fails is reported, and the other parts serve on until graceful shutdown`()
    async throws
  {
    struct PortTaken: Error, CustomStringConvertible {
      var description: String { "port taken" }
    }
    let journal = Journal()
    let (reports, reported) = AsyncStream.makeStream(of: String.self)
    let group = Self.group([
      Self.serving("the hub", .essential, journal: journal),
      HubPart("the web server", .listener(report: { reported.yield($0) })) { throw PortTaken() },
      Self.serving("the bridge", .listener(report: { _ in }), journal: journal),
    ])
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      var iterator = reports.makeAsyncIterator()
      #expect(await iterator.next() == "the web server stopped: port taken")
      #expect(!journal.all.contains { $0.hasSuffix("stopped") }, "\(journal.all)")
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
    }
    #expect(Array(journal.all.suffix(2)) == ["the bridge stopped", "the hub stopped"])
  }

  /// The group stops its parts last first; a part that returns while an earlier one is still
  /// stopping is, to it, one that ended unexpectedly. A listener with nothing to serve (the
  /// bridge without XDG_RUNTIME_DIR) ends as soon as it starts, which a stop right at start-up
  /// (systemd's, a test's SIGTERM) can overtake.
  @Test func `a listener with nothing to serve, ending while the hub stops, stops nothing else`()
    async throws
  {
    let journal = Journal()
    let (started, start) = AsyncStream.makeStream(of: Void.self)
    let group = Self.group([
      Self.serving("the hub", .essential, journal: journal),
      HubPart("the bridge", .listener(report: { _ in })) {
        // Ends once the stop has begun (the hub running by then).
        while !journal.all.contains("the hub runs") { try await Task.sleep(for: .milliseconds(5)) }
        start.yield()
        while journal.all.contains("the audio session stops") == false {
          try await Task.sleep(for: .milliseconds(5))
        }
        journal.write("the bridge ended")
      },
      HubPart("the audio session", .essential) {
        try? await gracefulShutdown()
        journal.write("the audio session stops")
        // Still stopping when the bridge ends.
        while !journal.all.contains("the bridge ended") { try await Task.sleep(for: .milliseconds(5)) }
        journal.write("the audio session stopped")
      },
    ])
    try await withThrowingTaskGroup(of: Void.self) { tasks in
      tasks.addTask { try await group.run() }
      var iterator = started.makeAsyncIterator()
      await iterator.next()
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
    }
    #expect(
      journal.all == [
        "the hub runs", "the audio session stops", "the bridge ended", "the audio session stopped",
        "the hub stopped",
      ])
  }
}
