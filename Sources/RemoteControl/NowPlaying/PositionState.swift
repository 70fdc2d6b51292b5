/// Where playback is in the current item, how fast it moves, and how long the item is.
///
/// The corresponding web API is the Media Session `MediaPositionState` dictionary: an app
/// reports it when the position jumps or the rate changes (never periodically), and the
/// current position is derived from it — see ``NowPlayingInfoCenter/currentPosition``.
/// Times are in seconds, as in the web API; ``duration`` is `.infinity` for a live stream.
public struct PositionState: Sendable, Hashable {
  /// The length of the item in seconds; `.infinity` for a live stream.
  public var duration: Double
  /// The rate playback moves at while playing: 1 is normal speed, negative plays backwards.
  public var playbackRate: Double
  /// The position in seconds when this state was reported.
  public var position: Double

  /// Creates a position state, checked as `MediaSession.setPositionState()` checks it.
  ///
  /// - Throws: ``PositionStateError`` when the duration is negative or NaN, the position is
  ///   outside [0, duration] or NaN, or the rate is 0 or NaN.
  public init(duration: Double, playbackRate: Double = 1, position: Double = 0) throws(PositionStateError) {
    guard !duration.isNaN else { throw PositionStateError(.invalidDuration, "duration is NaN") }
    guard duration >= 0 else {
      throw PositionStateError(.invalidDuration, "duration \(duration) s is negative")
    }
    guard !playbackRate.isNaN else { throw PositionStateError(.invalidPlaybackRate, "playback rate is NaN") }
    guard playbackRate != 0 else {
      throw PositionStateError(
        .invalidPlaybackRate, "playback rate is 0; report a pause as the playback state instead")
    }
    guard !position.isNaN else { throw PositionStateError(.invalidPosition, "position is NaN") }
    guard position >= 0, position <= duration else {
      throw PositionStateError(
        .invalidPosition, "position \(position) s is outside [0, \(duration)] s")
    }
    self.duration = duration
    self.playbackRate = playbackRate
    self.position = position
  }

  /// Creates a position state from durations.
  ///
  /// - Parameter duration: The length; `nil` for a live stream.
  /// - Throws: ``PositionStateError`` as ``init(duration:playbackRate:position:)-(Double,_,_)``.
  public init(duration: Duration?, playbackRate: Double = 1, position: Duration = .zero)
    throws(PositionStateError)
  {
    try self.init(
      duration: duration.map(\.seconds) ?? .infinity, playbackRate: playbackRate,
      position: position.seconds)
  }

  /// Whether the item has no end: a live stream.
  public var isLive: Bool { duration == .infinity }

  /// The position after `elapsed` of playback, clamped to [0, ``duration``].
  public func position(after elapsed: Duration) -> Double {
    min(max(position + elapsed.seconds * playbackRate, 0), duration)
  }
}

extension Duration {
  /// This duration in seconds, as a `Double`.
  public var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
