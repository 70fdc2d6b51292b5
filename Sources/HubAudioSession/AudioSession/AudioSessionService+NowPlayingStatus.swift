import AudioSessionArbiter
package import DBus
import HubCore
import NowPlayingArbiter
import RemoteControlMPRIS

extension AudioSessionService {
  /// The Now Playing player's `PlaybackStatus` as the hub's own MPRIS names show it (the proxy,
  /// playerctld's name, GNOME's keys' player), from `value`, the player's own: "Paused" while
  /// the interruption under way has paused that player and will resume it, though the player has
  /// not announced it yet. The corresponding MPRIS member is
  /// `org.mpris.MediaPlayer2.Player.PlaybackStatus`.
  ///
  /// A program that pauses every player reading "Playing" when a call starts (KDE Connect's
  /// "Pause media during calls" sweeps every MPRIS name) would otherwise read the hub's names
  /// "Playing" in the moment between the hub's `Pause` and the player's announcement, and pause
  /// through them: a pause through the hub during a call is the user's, so the hub would not
  /// resume the player after the call.
  package func nowPlayingStatus(_ value: Value) -> Value {
    guard value == .string(PlaybackStatus.playing.rawValue), let owner = hub.nowPlaying.active?.owner,
      interruption?.willResume.contains(owner) == true
    else { return value }
    return .string(PlaybackStatus.paused.rawValue)
  }
}
