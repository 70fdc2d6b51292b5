import BusTestSupport
import RemoteControl

/// The events an application received, consumed one by one by a test that waits for them.
@MainActor
final class EventLog {
  private var deliveries: [EventDelivery] = []
  private var cursor = 0
  private var waiter: (id: Int, continuation: CheckedContinuation<EventDelivery, any Error>)?
  private var nextWaiterID = 0

  /// Records a delivery; hands it to a waiting test.
  func append(_ delivery: EventDelivery) {
    deliveries.append(delivery)
    if let waiter {
      self.waiter = nil
      cursor += 1
      waiter.continuation.resume(returning: delivery)
    }
  }

  /// The next delivery not yet consumed, waiting for it at most `timeout`.
  func next(within timeout: Duration) async throws -> EventDelivery {
    if cursor < deliveries.count {
      defer { cursor += 1 }
      return deliveries[cursor]
    }
    nextWaiterID += 1
    let id = nextWaiterID
    let deadline = Task { @MainActor [weak self] in
      try await Task.sleep(for: timeout)
      self?.expire(id)
    }
    defer { deadline.cancel() }
    return try await withCheckedThrowingContinuation { continuation in
      waiter = (id, continuation)
    }
  }

  /// The deliveries not yet consumed; they count as consumed afterwards.
  func drain() -> [EventDelivery] {
    defer { cursor = deliveries.count }
    return Array(deliveries[cursor...])
  }

  private func expire(_ id: Int) {
    guard let waiter, waiter.id == id else { return }
    self.waiter = nil
    waiter.continuation.resume(throwing: TestFailure("no event reached the application in time"))
  }
}
