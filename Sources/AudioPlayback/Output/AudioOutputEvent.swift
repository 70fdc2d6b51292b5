/// What a sound server tells an output's stream: that the system interrupts it, or that the
/// device it played on changed.
///
/// The corresponding AVFoundation notifications are `AVAudioSession.interruptionNotification`
/// and `AVAudioSession.routeChangeNotification`, which an app posts into its audio session.
package enum AudioOutputEvent: Sendable, Hashable {
  /// The server asked the stream to pause: PulseAudio's `request-cork`, which `module-role-cork`
  /// sends the music on a sink where a call (a `phone` stream) starts. The output corks its
  /// stream (a write waits until it is uncorked). Nested requests count: only the first is
  /// reported.
  case interruptionBegan
  /// The server took back its last request to pause (`request-uncork`): the call ended.
  case interruptionEnded
  /// The device the stream played on went away (its sink was removed): the stream plays on
  /// another now. iOS pauses playback on this (`oldDeviceUnavailable`).
  case outputLost
  /// Someone moved the stream to another device, which is still there.
  case outputChanged
}
