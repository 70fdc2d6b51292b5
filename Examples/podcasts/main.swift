import Glibc
import RemoteControl
import RemoteControlMPRIS

let application = Application()
let commands = application.commandCenter
let center = application.nowPlayingInfoCenter
let length = Duration.seconds(1800)

// MPRemoteCommandCenter: a command, its targets, a status. Controllers are offered what has a
// target here (CanPlay, CanPause, CanSeek) and nothing else.
commands.playCommand.addTarget { _ in
  center.playbackState = .playing
  return .success
}
commands.pauseCommand.addTarget { _ in
  center.playbackState = .paused
  return .success
}
commands.togglePlayPauseCommand.addTarget { _ in
  center.playbackState = center.playbackState == .playing ? .paused : .playing
  return .success
}
@MainActor func move(to position: Duration) -> RemoteCommandHandlerStatus {
  try? center.setPositionState(duration: length, position: min(max(position, .zero), length))
  return .success
}
commands.changePlaybackPositionCommand.addTarget { (position: Duration) in move(to: position) }
commands.skipForwardCommand.addTarget { (interval: Duration) in
  move(to: center.elapsedPlaybackTime + interval)
}
commands.skipBackwardCommand.addTarget { (interval: Duration) in
  move(to: center.elapsedPlaybackTime - interval)
}
// One episode: there is no next or previous one, so those are not offered.
commands.nextTrackCommand.isEnabled = false
commands.previousTrackCommand.isEnabled = false

// MPNowPlayingInfoCenter: what the media controls show, and where playback is.
center.nowPlayingInfo = NowPlayingInfo(
  title: "Episode 1", artist: "The Podcast", playbackDuration: length, elapsedPlaybackTime: .zero)
center.playbackState = .paused

// UIApplication: nothing arrives until the app asks for it.
application.beginReceivingRemoteControlEvents()

// On the session bus as org.mpris.MediaPlayer2.podcasts, until Ctrl-C or SIGTERM.
do {
  try await application.runAsMediaPlayer(name: "podcasts", identity: "Podcasts")
} catch {
  let message = Array("podcasts: \(error)\n".utf8)
  _ = write(STDERR_FILENO, message, message.count)
  exit(1)
}
