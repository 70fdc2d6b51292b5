import HubCore

extension PlayerStreams {
  /// The streams that belong to `owner` now (``StreamMatcher``'s rule, every kind of evidence),
  /// lowest index first.
  package func streams(of owner: String) -> [UInt32] {
    owners.filter { $0.value[owner] != nil }.keys.sorted()
  }
}
