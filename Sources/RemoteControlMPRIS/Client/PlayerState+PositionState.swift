public import RemoteControl

extension PlayerState {
  /// Where playback was when the player last reported it, as the core's
  /// `PositionState`: `Position`, `Rate` and `mpris:length`; `nil` until
  /// `Position` is known.
  ///
  /// MPRIS never signals `Position`: a player reports it when asked and announces its jumps
  /// (`Seeked`). In between, while ``playbackStatus`` is `Playing`, playback is at
  /// `positionState.position(after:)` the time since the report, so a progress bar needs no
  /// polling. What a player reports is made valid rather than refused: a position outside the
  /// track is kept within it, a length of 0 or less is an unknown one, and a `Rate` of 0 (which
  /// MPRIS uses for paused, as ``playbackStatus`` says) counts as 1.
  public var positionState: PositionState? {
    guard let position else { return nil }
    return PositionState(
      clampingDuration: length.map(Duration.microseconds), playbackRate: rate,
      position: .microseconds(position))
  }
}
