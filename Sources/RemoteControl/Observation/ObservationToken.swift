import Synchronization

/// Identifies one observer or one command target, so that it can be removed again.
///
/// Tokens are unique in the process, so a token passed to the wrong remover (another
/// command's, another center's) matches nothing there and is ignored.
public struct ObservationToken: Sendable, Hashable {
  private static let lastID = Atomic<UInt64>(0)

  let id: UInt64

  /// A token no other call has returned.
  static func unique() -> ObservationToken {
    ObservationToken(id: lastID.wrappingAdd(1, ordering: .relaxed).newValue)
  }
}
