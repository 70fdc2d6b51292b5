/// A sample type the synthesizer can render: 32-bit float or 16-bit signed integer.
package protocol AudioSample: Sendable {
  /// The sample for `value`, a level in −1…1; values outside are clipped.
  init(level value: Float)
}

extension Float: AudioSample {
  /// `value` itself: float samples keep their range, so gains above 1 reach the output as they
  /// are (the output or the sound server clips).
  @inlinable package init(level value: Float) {
    self = value
  }
}

extension Int16: AudioSample {
  /// `value` scaled to −32767…32767, clipped and rounded to nearest.
  @inlinable package init(level value: Float) {
    let clipped = Swift.min(Swift.max(value, -1), 1)
    self = Int16((clipped * 32767).rounded())
  }
}
