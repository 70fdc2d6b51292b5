/// Why an edit of a ``PlaybackQueue`` was refused.
///
/// Errors are equal when their ``code``s are: the identifier and the message are for people.
/// Match the code to tell the cases apart:
///
/// ```swift
/// do {
///   try queue.remove(id)
/// } catch where error.code == .unknownItem {
///   print("no item \(error.itemID)")
/// }
/// ```
public struct PlaybackQueueError: CodedError {
  /// What was wrong, as a value to switch on.
  public struct Code: Sendable, Hashable {
    let rawValue: UInt8
    /// No item has the identifier.
    public static let unknownItem = Code(rawValue: 1)
    /// An item already has the identifier.
    public static let duplicateItem = Code(rawValue: 2)
  }

  /// What was wrong.
  public var code: Code
  /// The identifier the edit named: the one no item has, or the one an item already has.
  public var itemID: String
  /// What was wrong, in words, naming the identifier.
  public var message: String

  init(_ code: Code, itemID: String, _ message: String) {
    self.code = code
    self.itemID = itemID
    self.message = message
  }

  /// No item has `id`.
  static func unknown(_ id: String) -> Self {
    Self(.unknownItem, itemID: id, "the queue has no item \"\(id)\"")
  }

  /// An item already has `id`.
  static func duplicate(_ id: String) -> Self {
    Self(.duplicateItem, itemID: id, "the queue already has an item \"\(id)\"")
  }
}
