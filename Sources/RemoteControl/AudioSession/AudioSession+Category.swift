extension AudioSession {
  /// How the app uses audio, which says how the system treats it.
  ///
  /// The corresponding AVFoundation type is `AVAudioSession.Category`. New in 0.3.0.
  ///
  /// ## What it changes on Linux
  ///
  /// On iOS the category tells the system how to mix the app's sound and when to interrupt it.
  /// On Linux the sound server (PulseAudio, or PipeWire's pulse server) decides that from each
  /// stream's `media.role`, and this package plays no sound of the app's: setting the category
  /// records it and posts a ``AudioSession/RouteChangeReason/categoryChange``, nothing more.
  ///
  /// - **For the sound server**, the app gives the stream its sound plays through the
  ///   category's ``mediaRole``: with GStreamer, `media.role` in `pulsesink`'s
  ///   `stream-properties`; with libpulse, in the stream's property list; for any program,
  ///   `PULSE_PROP_media.role` in its environment. A stream of role `phone` is a call, and
  ///   PulseAudio's `module-role-cork` silences the music while one plays. Without that, the
  ///   category changes nothing the sound server sees.
  /// - **For the hub** (`remotectld`), a call is a stream whose role is `phone` or
  ///   `communication` (its `--call-roles`): it interrupts every player that is playing,
  ///   whatever that player's category, so an app is interrupted by a call without setting one.
  ///   What the category changes for the hub is only whether the app's own stream, through its
  ///   role, is itself a call that interrupts the others (``playAndRecord``, ``record``).
  public struct Category: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The category's name, as AVFoundation spells it (`AVAudioSessionCategoryPlayback`'s is
    /// `"AVAudioSessionCategoryPlayback"`; ours drop the prefix: `"playback"`).
    public let rawValue: String

    /// A category named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Sound that mixes with others and is silenced with the screen or the silent switch.
    ///
    /// The corresponding AVFoundation category is `AVAudioSession.Category.ambient`.
    public static let ambient = Category(rawValue: "ambient")
    /// Sound that is not central to the app and silences other apps (the default on iOS).
    ///
    /// The corresponding AVFoundation category is `AVAudioSession.Category.soloAmbient`.
    public static let soloAmbient = Category(rawValue: "soloAmbient")
    /// Playback central to the app (music, podcasts, audio books): it goes on in the background.
    ///
    /// The corresponding AVFoundation category is `AVAudioSession.Category.playback`.
    public static let playback = Category(rawValue: "playback")
    /// Recording only.
    ///
    /// The corresponding AVFoundation category is `AVAudioSession.Category.record`.
    public static let record = Category(rawValue: "record")
    /// Playing and recording at once: a call, a voice chat.
    ///
    /// The corresponding AVFoundation category is `AVAudioSession.Category.playAndRecord`.
    public static let playAndRecord = Category(rawValue: "playAndRecord")
    /// Several outputs at once, each with its own stream.
    ///
    /// The corresponding AVFoundation category is `AVAudioSession.Category.multiRoute`.
    public static let multiRoute = Category(rawValue: "multiRoute")

    /// The `media.role` the sound server should see on the app's stream in this category:
    /// `phone` (a call) for ``playAndRecord`` and ``record``, `event` (sound that mixes in)
    /// for ``ambient``, `music` for the others.
    ///
    /// AVFoundation has no such property: on iOS the system applies the category itself. Here
    /// the app sets it on the stream it plays through (see *What it changes on Linux* above).
    /// New in 0.3.0.
    public var mediaRole: String {
      switch self {
      case .playAndRecord, .record: "phone"
      case .ambient: "event"
      default: "music"
      }
    }

    /// The category's name.
    public var description: String { rawValue }
  }
}
