/// Where playback is in the current item, how fast it moves, and how long the item is.
///
/// The corresponding web API is the Media Session `MediaPositionState` dictionary: an app
/// reports it when the position jumps or the rate changes (never periodically), and the
/// current position is derived from it — see ``NowPlayingInfoCenter/elapsedPlaybackTime``.
/// Times are `Duration`s, as in ``NowPlayingInfo``; a live stream has no ``duration``, where the
/// web API reports an infinite one.
public struct PositionState: Sendable, Hashable {
  /// The length of the item; `nil` for a live stream (the web API's infinite duration).
  public var duration: Duration?
  /// The rate playback moves at while playing: 1 is normal speed, negative plays backwards.
  public var playbackRate: Double
  /// The position when this state was reported.
  public var position: Duration

  /// Creates a position state, checked as `MediaSession.setPositionState()` checks it.
  ///
  /// - Parameters:
  ///   - duration: The length of the item; `nil` for a live stream.
  ///   - playbackRate: The rate playback moves at while playing.
  ///   - position: Where playback is now.
  /// - Throws: ``PositionStateError`` when the duration is negative, the position is outside
  ///   [0, duration], or the rate is 0 or NaN.
  public init(duration: Duration?, playbackRate: Double = 1, position: Duration = .zero)
    throws(PositionStateError)
  {
    if let duration, duration < .zero {
      throw PositionStateError(.invalidDuration, "duration \(duration / .seconds(1)) s is negative")
    }
    guard !playbackRate.isNaN else { throw PositionStateError(.invalidPlaybackRate, "playback rate is NaN") }
    guard playbackRate != 0 else {
      throw PositionStateError(
        .invalidPlaybackRate, "playback rate is 0; report a pause as the playback state instead")
    }
    guard position >= .zero, duration.map({ position <= $0 }) ?? true else {
      let end = duration.map { "\($0 / .seconds(1))" } ?? "\(Double.infinity)"
      throw PositionStateError(
        .invalidPosition, "position \(position / .seconds(1)) s is outside [0, \(end)] s")
    }
    self.duration = duration
    self.playbackRate = playbackRate
    self.position = position
  }

  /// Whether the item has no end: a live stream.
  public var isLive: Bool { duration == nil }

  /// The position after `elapsed` of playback, clamped to [0, ``duration``].
  ///
  /// A live stream's position stops at `Int64.max` microseconds (some 292,000 years).
  public func position(after elapsed: Duration) -> Duration {
    let end = duration ?? Self.endOfLiveStream
    let moved = elapsed / .seconds(1) * playbackRate
    // No time at an infinite rate (0 × ∞) moves nowhere.
    guard !moved.isNaN else { return position }
    if moved >= (end - position) / .seconds(1) { return end }
    if moved <= -(position / .seconds(1)) { return .zero }
    return min(max(position + elapsed.scaled(by: playbackRate), .zero), end)
  }

  /// Where a live stream's position stops.
  private static let endOfLiveStream = Duration.microseconds(Int64.max)
}

extension Duration {
  /// This duration × `factor`, scaled component by component so that whole seconds times a
  /// rate such as 1, 2 or 1.5 stay exact; the product must be within ±`Int64.max` seconds.
  fileprivate func scaled(by factor: Double) -> Duration {
    let (seconds, attoseconds) = components
    let scaledSeconds = Double(seconds) * factor
    let whole = scaledSeconds.rounded(.towardZero)
    let fraction = ((scaledSeconds - whole) * 1e18).rounded()
    let scaledAttoseconds = (Double(attoseconds) * factor).rounded()
    return .seconds(Int64(whole)) + Duration(attoseconds: Int128(fraction) + Int128(scaledAttoseconds))
  }
}
