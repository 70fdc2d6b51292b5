import AudioPlayback
import RemoteControl
import Synchronization

/// Carries what the sound server tells binaural's stream into the application's audio session,
/// as iOS posts a call or an unplugged headset into an app's: a cork request is an interruption
/// (counted by the output, so nested requests are one), the stream's sink going away is a route
/// change with the old device unavailable.
///
/// The output is opened before the application exists: events before ``attach(_:)`` are dropped
/// (the player starts paused, so there is nothing to interrupt yet).
final class SoundEvents: Sendable {
  private let session = Mutex<AudioSession?>(nil)

  /// From now on, events go to `session`.
  func attach(_ session: AudioSession) { self.session.withLock { $0 = session } }

  /// Posts `event` into the session; called on libpulse's thread.
  func receive(_ event: AudioOutputEvent) {
    guard let session = session.withLock({ $0 }) else { return }
    switch event {
    case .interruptionBegan: session.beginInterruption()
    case .interruptionEnded: session.endInterruption(options: .shouldResume)
    case .outputLost: session.changeRoute(to: session.currentRoute, reason: .oldDeviceUnavailable)
    case .outputChanged: session.changeRoute(to: session.currentRoute, reason: .override)
    }
  }
}

extension AudioSession.Category {
  /// The categories `--category` takes.
  static let named: [String: AudioSession.Category] = [
    "playback": .playback, "playAndRecord": .playAndRecord, "ambient": .ambient, "soloAmbient": .soloAmbient,
  ]
}
