import Synchronization

/// How many browsers (Chromiums, and RealPlayerTests' Firefox) run at once across the whole test
/// run.
///
/// Swift Testing runs suites in parallel; each Chromium is a handful of busy processes, and a
/// dozen starting together on a 2-core machine starve every other test of the run (their bounded
/// waits then time out). A browser takes a slot before it starts and gives it back when closed.
package actor BrowserSlots {
  /// The run's slots: two Chromiums at a time.
  package static let shared = BrowserSlots(count: 2)

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) { free = count }

  /// Waits for a free slot and takes it; give it back through the returned ticket.
  package func take() async -> Ticket {
    if free > 0 {
      free -= 1
    } else {
      await withCheckedContinuation { waiting.append($0) }
    }
    return Ticket(slots: self)
  }

  /// Hands the slot to the next waiting browser, or frees it.
  fileprivate func give() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }

  /// One taken slot, given back once, by ``give()`` or when the ticket is dropped.
  package final class Ticket: Sendable {
    private let slots: BrowserSlots
    private let given = Atomic(false)

    fileprivate init(slots: BrowserSlots) { self.slots = slots }

    /// Gives the slot back (again: nothing).
    package func give() {
      guard !given.exchange(true, ordering: .relaxed) else { return }
      let slots = self.slots
      Task { await slots.give() }
    }

    deinit { give() }
  }
}
