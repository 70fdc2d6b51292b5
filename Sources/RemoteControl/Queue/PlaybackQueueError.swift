/// Why an edit of a ``PlaybackQueue`` was refused.
public enum PlaybackQueueError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No item has this identifier.
  case unknownItem(String)
  /// An item already has this identifier.
  case duplicateItem(String)

  /// What was wrong, naming the identifier.
  public var description: String {
    switch self {
    case .unknownItem(let id): "the queue has no item \"\(id)\""
    case .duplicateItem(let id): "the queue already has an item \"\(id)\""
    }
  }
}
