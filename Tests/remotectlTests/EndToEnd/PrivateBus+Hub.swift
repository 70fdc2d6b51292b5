import BusTestSupport
import Foundation

/// The Now Playing hub (remotectld) on the end-to-end tests' private bus.
extension PrivateBus {
  /// The remotectld built beside remotectl.
  static var remotectld: String { BuiltProducts.remotectld }

  /// Whether remotectld was built beside remotectl.
  static var hubCanRun: Requirement { .built(remotectld) }

  /// `remotectl hub`'s output once it is `expected`, at most 10 s: a bounded poll of the very
  /// state about to be relied on.
  @discardableResult
  func waitForHubListing(_ expected: String) async throws -> String {
    try await eventually(
      "remotectl hub to print \(expected.debugDescription)", { try await remotectl("hub").output },
      until: { $0 == expected })
  }
}
