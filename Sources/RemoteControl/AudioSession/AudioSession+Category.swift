extension AudioSession {
  /// How the app uses audio, which says how the system treats it.
  ///
  /// The corresponding AVFoundation type is `AVAudioSession.Category`. On Linux the category
  /// becomes the stream's role for the sound server: ``playback`` plays as music, ``playAndRecord``
  /// as a call (a phone stream, which interrupts the music on a system that enforces roles).
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

    /// The category's name.
    public var description: String { rawValue }
  }
}
