package import Testing

extension StereoSound {
  /// Expects a binaural beat: a tone of `left` Hz in the left channel and one of `right` Hz in
  /// the right (each within 1 Hz), as loud as a sine of peak `amplitude` (the left channel's RMS
  /// within 10 % of `amplitude` / √2).
  package func expectTones(
    left: Double, right: Double, amplitude: Double, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let search = (min(left, right) - 20)...(max(left, right) + 20)
    let measuredLeft = Tone(self.left).peakFrequency(in: search)
    let measuredRight = Tone(self.right).peakFrequency(in: search)
    #expect(abs(measuredLeft - left) <= 1, "left \(measuredLeft) Hz", sourceLocation: sourceLocation)
    #expect(abs(measuredRight - right) <= 1, "right \(measuredRight) Hz", sourceLocation: sourceLocation)
    let expected = amplitude / 2.squareRoot()
    let level = Tone(self.left).rms
    #expect(abs(level - expected) < expected * 0.1, "RMS \(level)", sourceLocation: sourceLocation)
  }
}
