import RemoteControl

/// The app's player: it plays and pauses its own sound, and takes the audio session's
/// interruptions and route changes as the iOS app took AVAudioSession's notifications.
@MainActor
final class EpisodePlayer {
  private let application: Application
  /// Whether the sound plays (where the app starts and stops its audio pipeline).
  private(set) var isPlaying = false
  /// Whether the interruption under way silenced playback: only then may its end resume it.
  private var pausedByInterruption = false

  init(application: Application) {
    self.application = application
    application.commandCenter.playCommand.addTarget { [weak self] _ in
      self?.play()
      return .success
    }
    application.commandCenter.pauseCommand.addTarget { [weak self] _ in
      self?.pause()
      return .success
    }
    // AVAudioSession.sharedInstance().setCategory(.playback)
    application.audioSession.setCategory(.playback)
    // NotificationCenter.default.addObserver(forName: AVAudioSession.interruptionNotification,
    //   object: nil, queue: .main) { … }, and the same for routeChangeNotification.
    application.audioSession.observe { [weak self] notification in
      self?.handle(notification)
    }
  }

  func play() {
    pausedByInterruption = false
    isPlaying = true
    application.nowPlayingInfoCenter.playbackState = .playing
  }

  func pause() {
    pausedByInterruption = false
    isPlaying = false
    application.nowPlayingInfoCenter.playbackState = .paused
  }

  private func handle(_ notification: AudioSession.Notification) {
    switch notification {
    case .interruption(let interruption) where interruption.type == .began:
      // iOS would have silenced the app already; here the app silences itself. The session
      // already shows Now Playing as interrupted: leave the state to it.
      guard isPlaying else { return }
      isPlaying = false
      pausedByInterruption = true
    case .interruption(let interruption):
      // Resume only what the call paused (not what the user paused meanwhile), and only when
      // told to; without should-resume the session already shows Now Playing as paused.
      if pausedByInterruption, interruption.options.contains(.shouldResume) {
        play()
      }
      pausedByInterruption = false
    case .routeChange(let change) where change.reason == .oldDeviceUnavailable:
      // The headphones were unplugged: pause, as iOS pauses an app's player.
      pause()
    case .routeChange:
      break
    }
  }
}
