import Foundation
import RemoteControl
import RemoteControlMPRIS

let application = Application()
let center = application.nowPlayingInfoCenter
var isPlaying = false

// MPRemoteCommandCenter: a command, its targets, a status.
application.commandCenter.togglePlayPauseCommand.addTarget { _ in
  isPlaying.toggle()
  center.playbackState = isPlaying ? .playing : .paused
  return .success
}
application.commandCenter.skipForwardCommand.addTarget { (interval: Duration) in
  print("skip forward \(interval)")
  return .success
}

// MPNowPlayingInfoCenter: what the media controls show.
center.nowPlayingInfo = NowPlayingInfo(
  title: "Episode 1", artist: "The Podcast", playbackDuration: .seconds(1800))
center.playbackState = .paused

// UIApplication: nothing arrives until the app asks for it.
application.beginReceivingRemoteControlEvents()

// On the session bus as org.mpris.MediaPlayer2.podcasts, until Ctrl-C or SIGTERM.
do {
  try await application.runAsMediaPlayer(name: "podcasts", identity: "Podcasts")
} catch {
  FileHandle.standardError.write(Data("podcasts: \(error)\n".utf8))
  exit(1)
}
