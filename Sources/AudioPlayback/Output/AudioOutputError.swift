/// Why an audio output could not be opened or stopped working.
///
/// The ``message`` says what failed and what the user can do about it, in one line.
public struct AudioOutputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What failed, as a value to switch on.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    let rawValue: String
    /// The output specification was not one of ``AudioOutputSpec/accepted``.
    public static let invalidSpec = Code(rawValue: "invalid output")
    /// No PulseAudio (or PipeWire) server answered, or it refused the stream.
    public static let pulseAudioUnavailable = Code(rawValue: "PulseAudio unavailable")
    /// The ALSA device could not be opened or configured.
    public static let alsaUnavailable = Code(rawValue: "ALSA unavailable")
    /// A write to an open device or server failed (the server went away, the device was
    /// unplugged).
    public static let playbackFailed = Code(rawValue: "playback failed")
    /// A file could not be created or written.
    public static let fileFailed = Code(rawValue: "file failed")

    /// The code's name, such as "PulseAudio unavailable".
    public var description: String { rawValue }
  }

  /// What failed.
  public var code: Code
  /// What failed and why, and what to do about it.
  public var message: String

  /// What failed, without the advice: for a notice that combines several failures.
  var summary: String

  /// Creates an error with `code` and a user-facing `message`.
  public init(_ code: Code, _ message: String) {
    self.init(code, message, summary: message)
  }

  init(_ code: Code, _ message: String, summary: String) {
    self.code = code
    self.message = message
    self.summary = summary
  }

  /// The message.
  public var description: String { message }
}
