// A public extension of a standard type that shipped in 0.2.0, kept one minor version so that
// code using it still compiles, with the compiler naming the standard spelling. See CHANGELOG.md.

extension Duration {
  /// This duration in seconds, as a `Double`.
  ///
  /// A library should not add members to a standard type; the standard library already says
  /// this: `duration / .seconds(1)` is the number of seconds as a `Double`, and
  /// `duration.components` gives whole seconds and attoseconds.
  @available(
    *, deprecated,
    message:
      "RemoteControl no longer extends Duration: write 'duration / .seconds(1)' or read 'duration.components'"
  )
  public var seconds: Double { self / .seconds(1) }
}
