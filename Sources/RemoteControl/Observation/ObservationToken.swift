/// Identifies one observer or one command target, so that it can be removed again.
public struct ObservationToken: Sendable, Hashable {
  let id: UInt64
}
