extension AudioSession {
  /// Whether an interruption began or ended.
  ///
  /// The corresponding AVFoundation type is `AVAudioSession.InterruptionType`.
  public enum InterruptionType: Sendable, Hashable {
    /// The system took the audio away (a call started). On iOS the app's sound has already
    /// stopped; here nothing has stopped it: the app's observer silences it now. The session has
    /// already made a playing Now Playing state ``PlaybackState/interrupted``.
    case began
    /// The interruption is over; ``InterruptionOptions/shouldResume`` says whether to play again
    /// what it silenced, which the app's observer does (the session has already made an
    /// interrupted Now Playing state ``PlaybackState/playing`` with it, ``PlaybackState/paused``
    /// without).
    case ended
  }

  /// What the end of an interruption advises.
  ///
  /// The corresponding AVFoundation type is `AVAudioSession.InterruptionOptions`.
  public struct InterruptionOptions: OptionSet, Sendable, Hashable {
    /// The options' bits.
    public let rawValue: UInt

    /// Options made of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The app was playing when the interruption began, and may resume now.
    ///
    /// The corresponding AVFoundation option is `AVAudioSession.InterruptionOptions.shouldResume`.
    public static let shouldResume = InterruptionOptions(rawValue: 1)
  }

  /// An interruption that began or ended.
  ///
  /// The corresponding AVFoundation notification is `AVAudioSession.interruptionNotification`,
  /// whose user info carries `AVAudioSessionInterruptionTypeKey` (``type``) and
  /// `AVAudioSessionInterruptionOptionKey` (``options``).
  public struct Interruption: Sendable, Hashable {
    /// Whether it began or ended.
    public var type: InterruptionType
    /// For ``InterruptionType/ended``, whether the app should resume; empty when it began.
    public var options: InterruptionOptions

    /// An interruption's beginning or end.
    public init(type: InterruptionType, options: InterruptionOptions = []) {
      self.type = type
      self.options = options
    }
  }
}
