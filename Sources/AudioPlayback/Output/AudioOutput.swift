/// Somewhere rendered sound goes: a sound server, a sound card, a file, or nowhere.
///
/// An output is used by one thread at a time: ``BeatPlayer`` hands it to its render thread,
/// which alone calls it from then on. `write(_:)` blocks until the output can take more sound,
/// so the writer runs at the output's pace (every output here keeps real time).
package protocol AudioOutput: AnyObject {
  /// What the output is, for messages: "PulseAudio", "ALSA default", "WAV file out.wav", "null".
  var name: String { get }

  /// The format `write(_:)` takes.
  var format: AudioFormat { get }

  /// Plays `samples`, interleaved stereo 32-bit float frames in ``format``, blocking until the
  /// output has taken them.
  func write(_ samples: UnsafeBufferPointer<Float>) throws(AudioOutputError)

  /// Playback paused: drops whatever the output still holds unplayed, so silence is immediate.
  /// The next `write(_:)` resumes.
  func pause()

  /// Plays what is still queued and releases the output. No other call follows.
  func close() throws(AudioOutputError)
}
