// PlaybackQueueError was an enum until 0.2.0; its cases stay as deprecated static functions so
// that code which threw or compared them still compiles, with the compiler naming the code to
// match instead. See CHANGELOG.md.

extension PlaybackQueueError {
  /// An error with the code ``Code/unknownItem`` for `id`.
  ///
  /// This was an enum case. Errors are now equal by code, so `.unknownItem("x")` matches every
  /// unknown-item error, whatever its identifier.
  @available(
    *, deprecated,
    message: "PlaybackQueueError is a struct: match 'error.code == .unknownItem' and read 'error.itemID'"
  )
  public static func unknownItem(_ id: String) -> Self { .unknown(id) }

  /// An error with the code ``Code/duplicateItem`` for `id`.
  ///
  /// This was an enum case. Errors are now equal by code, so `.duplicateItem("x")` matches every
  /// duplicate-item error, whatever its identifier.
  @available(
    *, deprecated,
    message: "PlaybackQueueError is a struct: match 'error.code == .duplicateItem' and read 'error.itemID'"
  )
  public static func duplicateItem(_ id: String) -> Self { .duplicate(id) }

  /// Whether `error` is a playback queue error with `pattern`'s code: what lets
  /// `catch PlaybackQueueError.unknownItem(id)` keep compiling where the error is untyped.
  @available(
    *, deprecated,
    message: "PlaybackQueueError is a struct: catch let error as PlaybackQueueError where error.code == ..."
  )
  public static func ~= (pattern: Self, error: any Error) -> Bool {
    (error as? Self).map { $0.code == pattern.code } ?? false
  }
}
