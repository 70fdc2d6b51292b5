extension PositionState {
  /// Creates a position state from seconds, `.infinity` being a live stream's duration.
  ///
  /// Replaced by ``init(duration:playbackRate:position:)``, which takes `Duration`s (`nil` for
  /// a live stream).
  ///
  /// - Throws: ``PositionStateError`` as that initializer does, and for a NaN duration or
  ///   position.
  @available(
    *, deprecated,
    message:
      "pass Durations: PositionState(duration: .seconds(60), position: .seconds(12)); nil is a live stream"
  )
  public init(duration: Double, playbackRate: Double = 1, position: Double = 0) throws(PositionStateError) {
    guard !duration.isNaN else { throw PositionStateError(.invalidDuration, "duration is NaN") }
    guard !position.isNaN else { throw PositionStateError(.invalidPosition, "position is NaN") }
    guard duration >= 0 else {
      throw PositionStateError(.invalidDuration, "duration \(duration) s is negative")
    }
    guard position >= 0, position <= duration else {
      throw PositionStateError(.invalidPosition, "position \(position) s is outside [0, \(duration)] s")
    }
    try self.init(
      duration: Duration(deprecatedSeconds: duration), playbackRate: playbackRate,
      position: Duration(deprecatedSeconds: position) ?? .zero)
  }
}
