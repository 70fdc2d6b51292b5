/// Why an audio output could not be opened or stopped working.
///
/// The ``message`` says what failed and what the user can do about it, in one line.
package struct AudioOutputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What failed, as a value to switch on.
  package struct Code: Sendable, Hashable, CustomStringConvertible {
    let rawValue: String
    /// The output specification was not one of ``AudioOutputSpec/accepted``.
    package static let invalidSpec = Code(rawValue: "invalid output")
    /// No PulseAudio (or PipeWire) server answered, or it refused the stream.
    package static let pulseAudioUnavailable = Code(rawValue: "PulseAudio unavailable")
    /// The ALSA device could not be opened or configured.
    package static let alsaUnavailable = Code(rawValue: "ALSA unavailable")
    /// A write to an open device or server failed (the server went away, the device was
    /// unplugged).
    package static let playbackFailed = Code(rawValue: "playback failed")
    /// A file could not be created or written.
    package static let fileFailed = Code(rawValue: "file failed")

    /// The code's name, such as "PulseAudio unavailable".
    package var description: String { rawValue }
  }

  /// What failed.
  package var code: Code
  /// What failed and why, and what to do about it.
  package var message: String

  /// What failed, without the advice: for a notice that combines several failures.
  var summary: String

  /// Creates an error with `code` and a user-facing `message`.
  package init(_ code: Code, _ message: String) {
    self.init(code, message, summary: message)
  }

  init(_ code: Code, _ message: String, summary: String) {
    self.code = code
    self.message = message
    self.summary = summary
  }

  /// The message.
  package var description: String { message }
}
