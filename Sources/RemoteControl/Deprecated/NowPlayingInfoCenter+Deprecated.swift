// Members renamed or retyped since the API first shipped, kept so that code written against the
// old names still compiles and the compiler says what to write instead. See CHANGELOG.md.

extension NowPlayingInfoCenter {
  /// The position now, in seconds.
  ///
  /// Renamed ``elapsedPlaybackTime`` (a `Duration`), after MediaPlayer's
  /// `MPNowPlayingInfoPropertyElapsedPlaybackTime`.
  @available(
    *, deprecated, renamed: "elapsedPlaybackTime",
    message: "elapsedPlaybackTime is a Duration; for seconds as a Double, read its components"
  )
  public var currentPosition: Double { elapsedPlaybackTime.deprecatedSeconds }

  /// Checks and reports a position state given in seconds.
  ///
  /// Replaced by ``setPositionState(duration:playbackRate:position:)``, which takes
  /// `Duration`s (`nil` for a live stream, where this took `.infinity`).
  @available(
    *, deprecated,
    message:
      "pass Durations: setPositionState(duration: .seconds(60), position: .seconds(12)); nil is a live stream"
  )
  public func setPositionState(duration: Double, playbackRate: Double = 1, position: Double = 0)
    throws(PositionStateError)
  {
    setPositionState(try PositionState(duration: duration, playbackRate: playbackRate, position: position))
  }
}

extension Duration {
  /// This duration in seconds, as the deprecated members return it.
  var deprecatedSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// `seconds` as a duration; `nil` for an infinite or NaN number of seconds.
  init?(deprecatedSeconds seconds: Double) {
    guard seconds.isFinite else { return nil }
    self = .seconds(seconds)
  }
}
