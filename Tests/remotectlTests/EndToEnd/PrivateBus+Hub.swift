import BusTestSupport
import Foundation

/// The Now Playing hub (remotectld) on the end-to-end tests' private bus.
extension PrivateBus {
  /// The hub's well-known name.
  static let hubBusName = "io.github.swift_remote_control.Hub"

  /// The remotectld built beside remotectl.
  static var remotectld: String { BuiltProducts.remotectld }

  /// Whether remotectld was built beside remotectl.
  static var hubCanRun: Bool { FileManager.default.isExecutableFile(atPath: remotectld) }

  /// Starts remotectld and waits until it owns its name.
  @discardableResult
  func startHub() async throws -> ChildProcess {
    let hub = try start(
      Self.remotectld, ["--log-level", "debug"],
      standardError: .file(directory.appendingPathComponent("remotectld.log").path))
    try await waitForName(Self.hubBusName)
    return hub
  }

  /// `remotectl hub`'s output, read every 20 ms until it is `expected`, at most 10 s: a bounded
  /// poll of the very state about to be relied on. Returns the last output read.
  @discardableResult
  func waitForHubListing(_ expected: String) async throws -> String {
    let deadline = ContinuousClock.now + .seconds(10)
    while true {
      let listing = try await remotectl("hub").output
      if listing == expected { return listing }
      guard ContinuousClock.now < deadline else {
        throw TestFailure("remotectl hub never printed \(expected.debugDescription); last: \(listing)")
      }
      try await Task.sleep(for: .milliseconds(20))
    }
  }
}
