extension AudioSession {
  /// What an audio session tells its observers.
  ///
  /// The corresponding AVFoundation notifications are `AVAudioSession.interruptionNotification`
  /// and `AVAudioSession.routeChangeNotification`; here they are one typed value.
  public enum Notification: Sendable, Hashable {
    /// An interruption began or ended.
    case interruption(Interruption)
    /// The route changed.
    case routeChange(RouteChange)
  }
}
