import Synchronization

/// Whether an export was cancelled: from the moment of ``Registration/cancel()`` its object
/// answers no new call, although the connection's thread unregisters it from sd-bus a moment
/// later.
final class ExportWithdrawal: Sendable {
  private let withdrawn = Atomic<Bool>(false)

  /// Whether the export was cancelled.
  var isWithdrawn: Bool { withdrawn.load(ordering: .acquiring) }

  /// Marks the export cancelled.
  func withdraw() { withdrawn.store(true, ordering: .releasing) }
}
