/// An output that ``AudioOutputSpec/open(applicationName:streamName:format:pulseServer:role:onEvent:)``
/// opened, and what the user should be told about it.
package struct OpenedAudioOutput {
  /// The output, ready for ``BeatPlayer``.
  package var output: any AudioOutput
  /// One line for the user when the output is not what they would expect (no sound device:
  /// playing silently), or nil.
  package var notice: String?

  /// Pairs `output` with an optional `notice`.
  package init(_ output: any AudioOutput, notice: String? = nil) {
    self.output = output
    self.notice = notice
  }
}
