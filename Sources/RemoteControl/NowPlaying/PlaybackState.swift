/// Whether the app is playing.
///
/// The corresponding MediaPlayer type is `MPNowPlayingPlaybackState`. MPRIS's
/// `PlaybackStatus` is `Playing` for ``playing``, `Paused` for ``paused`` and ``interrupted``,
/// and `Stopped` for ``stopped`` and ``unknown``.
public enum PlaybackState: Sendable, Hashable, CaseIterable {
  /// Nothing has been said yet.
  case unknown
  /// Playing.
  case playing
  /// Paused by the user.
  case paused
  /// Stopped: nothing to resume.
  case stopped
  /// Paused by the system (a call, another app taking the output).
  case interrupted
}
