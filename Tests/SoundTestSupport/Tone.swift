import Foundation

/// Measures tones in one channel of sound with the Goertzel algorithm over a Hann window.
package struct Tone {
  package let samples: [Float]
  package let sampleRate: Double
  private let window: [Double]
  private let windowSum: Double

  package init(_ samples: [Float], sampleRate: Int = 48_000) {
    self.samples = samples
    self.sampleRate = Double(sampleRate)
    let count = samples.count
    window = (0..<count).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(count - 1)) }
    windowSum = window.reduce(0, +)
  }

  /// The peak amplitude of the component at `frequency` (a full-scale sine measures 1).
  package func amplitude(at frequency: Double) -> Double {
    let coefficient = 2 * cos(2 * Double.pi * frequency / sampleRate)
    var previous = 0.0
    var beforePrevious = 0.0
    // Unsafe buffers: this loop runs millions of times per test in debug builds.
    samples.withUnsafeBufferPointer { samples in
      window.withUnsafeBufferPointer { window in
        for index in 0..<samples.count {
          let current = window[index] * Double(samples[index]) + coefficient * previous - beforePrevious
          beforePrevious = previous
          previous = current
        }
      }
    }
    let power =
      previous * previous + beforePrevious * beforePrevious
      - coefficient * previous * beforePrevious
    return 2 * sqrt(max(0, power)) / windowSum
  }

  /// The frequency of the strongest component in `range`: a 1 Hz scan, then a 0.05 Hz one
  /// around the best (a Hann window's main lobe is 4 Hz wide over 1 s, so the 1 Hz scan lands
  /// on it).
  package func peakFrequency(in range: ClosedRange<Double>) -> Double {
    func best(_ candidates: some Sequence<Double>) -> Double {
      candidates.max { amplitude(at: $0) < amplitude(at: $1) } ?? range.lowerBound
    }
    let coarse = best(stride(from: range.lowerBound, through: range.upperBound, by: 1))
    return best(stride(from: coarse - 1.5, through: coarse + 1.5, by: 0.05))
  }

  /// The root mean square level.
  package var rms: Double {
    guard !samples.isEmpty else { return 0 }
    return sqrt(samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count))
  }

  /// The largest absolute sample.
  package var peak: Float { samples.map(abs).max() ?? 0 }
}

/// Interleaved stereo sound, split into its two channels.
package struct StereoSound {
  package var left: [Float] = []
  package var right: [Float] = []

  package init(interleaved: some Collection<Float>) {
    left.reserveCapacity(interleaved.count / 2)
    right.reserveCapacity(interleaved.count / 2)
    for (index, sample) in interleaved.enumerated() {
      if index % 2 == 0 { left.append(sample) } else { right.append(sample) }
    }
  }

  /// Frames `range` of the sound.
  package func frames(_ range: Range<Int>) -> StereoSound {
    var part = StereoSound(interleaved: [])
    part.left = Array(left[range.clamped(to: left.indices)])
    part.right = Array(right[range.clamped(to: right.indices)])
    return part
  }

  package var frameCount: Int { left.count }
}
