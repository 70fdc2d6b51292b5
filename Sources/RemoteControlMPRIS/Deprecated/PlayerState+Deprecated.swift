extension PlayerState {
  /// `PlaybackStatus`'s values.
  ///
  /// Renamed ``PlaybackStatus``: one type for the player and its controllers.
  @available(*, deprecated, renamed: "PlaybackStatus")
  public typealias Playback = PlaybackStatus

  /// `LoopStatus`'s values.
  ///
  /// Renamed ``LoopStatus``: one type for the player and its controllers.
  @available(*, deprecated, renamed: "LoopStatus")
  public typealias Loop = LoopStatus
}
