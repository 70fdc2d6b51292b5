/// The properties of `org.mpris.MediaPlayer2.Player`, by their MPRIS names.
///
/// The player declares each in its property table; ``PlayerState`` and controllers read and
/// write them by these names.
public enum PlayerProperty: String, Sendable, Hashable, CaseIterable {
  /// `PlaybackStatus` (`s`): a ``PlaybackStatus``.
  case playbackStatus = "PlaybackStatus"
  /// `LoopStatus` (`s`, writable): a ``LoopStatus``.
  case loopStatus = "LoopStatus"
  /// `Rate` (`d`, writable).
  case rate = "Rate"
  /// `Shuffle` (`b`, writable).
  case shuffle = "Shuffle"
  /// `Metadata` (`a{sv}`).
  case metadata = "Metadata"
  /// `Volume` (`d`, writable).
  case volume = "Volume"
  /// `Position` (`x`, µs): never announced in `PropertiesChanged`; `Seeked` tells its jumps.
  case position = "Position"
  /// `MinimumRate` (`d`).
  case minimumRate = "MinimumRate"
  /// `MaximumRate` (`d`).
  case maximumRate = "MaximumRate"
  /// `CanGoNext` (`b`).
  case canGoNext = "CanGoNext"
  /// `CanGoPrevious` (`b`).
  case canGoPrevious = "CanGoPrevious"
  /// `CanPlay` (`b`).
  case canPlay = "CanPlay"
  /// `CanPause` (`b`).
  case canPause = "CanPause"
  /// `CanSeek` (`b`).
  case canSeek = "CanSeek"
  /// `CanControl` (`b`): fixed for the player's life, never announced.
  case canControl = "CanControl"
}
