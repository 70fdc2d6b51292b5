import RemoteControl

/// Whether a track is playing, paused or stopped, as MPRIS says it.
///
/// The corresponding MPRIS type is `Playback_Status`, the value of
/// `org.mpris.MediaPlayer2.Player.PlaybackStatus`. The player publishes it, ``PlayerState`` reads it.
public enum PlaybackStatus: String, Sendable, Hashable, CaseIterable {
  /// `Playing`.
  case playing = "Playing"
  /// `Paused`.
  case paused = "Paused"
  /// `Stopped`.
  case stopped = "Stopped"

  /// The status of a playback state: ``PlaybackState/paused`` and ``PlaybackState/interrupted``
  /// are `Paused`; ``PlaybackState/stopped`` and ``PlaybackState/unknown`` are `Stopped`.
  init(_ state: PlaybackState) {
    switch state {
    case .playing: self = .playing
    case .paused, .interrupted: self = .paused
    case .stopped, .unknown: self = .stopped
    }
  }
}
