import BusTestSupport
import Foundation

/// Collects values delivered on other threads (signals, method calls) for a test to inspect.
final class Recorder<Element: Sendable>: @unchecked Sendable {
  // Safe because: `elements` is only touched under `lock`.
  private let lock = NSLock()
  private var elements: [Element] = []

  /// Records one value.
  func append(_ element: Element) {
    lock.withLock { elements.append(element) }
  }

  /// Everything recorded so far.
  var all: [Element] { lock.withLock { elements } }

  /// Waits until at least `count` values arrived (or `timeout` passed) and returns them all.
  func waitFor(_ count: Int, within timeout: Duration = .seconds(5)) async -> [Element] {
    try? await eventually("\(count) values", within: timeout) { self.all.count >= count }
    return all
  }
}
