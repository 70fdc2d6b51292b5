import Foundation
import RemoteControl

/// Things tests set up the same way.
@MainActor
enum Fixtures {
  /// A target that succeeds on every command, so that events reach the command center and
  /// the outcome is success.
  static func acceptEverything(_ application: Application) {
    for command in application.commandCenter.allCommands { command.addTarget { _ in .success } }
  }

  /// An item with every field MPRIS publishes.
  static let fullInfo = NowPlayingInfo(
    trackIdentifier: "track-1",
    title: "Delta waves",
    artist: "Binaural",
    albumTitle: "Brainwave presets",
    albumArtist: "Various",
    genre: "Ambient",
    composer: "Someone",
    trackNumber: 3,
    discNumber: 1,
    playbackDuration: .seconds(300),
    artwork: .data(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])),
    assetURL: URL(string: "file:///music/delta.flac"),
    rating: 4)  // of 5: xesam:userRating 0.8

  /// Plays `info` (300 s long unless it says otherwise) from `position` seconds, paused unless
  /// `playing`.
  static func nowPlaying(
    _ application: Application, _ info: NowPlayingInfo = fullInfo, position: Double = 0, rate: Double = 1,
    state: PlaybackState = .paused
  ) {
    let center = application.nowPlayingInfoCenter
    center.nowPlayingInfo = info
    try? center.setPositionState(
      duration: info.playbackDuration ?? .seconds(300), playbackRate: rate, position: .seconds(position))
    center.playbackState = state
  }
}

/// The well-known paths and names.
enum MPRIS {
  static let root = "org.mpris.MediaPlayer2"
  static let player = "org.mpris.MediaPlayer2.Player"
  static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"
}
