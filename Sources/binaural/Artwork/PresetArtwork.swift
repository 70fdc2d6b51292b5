import Glibc

/// Draws a preset's artwork: its colour fading to black, with the beat drawn as a wave whose
/// number of periods grows with the beat frequency.
enum PresetArtwork {
  /// The side of the square picture, in pixels.
  static let size = 128

  /// The PNG bytes of the preset's artwork.
  static func png(for preset: BinauralPreset) -> [UInt8] {
    PNGEncoder.encode(width: size, height: size, rgb: pixels(for: preset))
  }

  static func pixels(for preset: BinauralPreset) -> [UInt8] {
    let colour = preset.colour
    let periods = max(1, min(preset.beatFrequency / 2, 12))
    var rgb = [UInt8](repeating: 0, count: size * size * 3)
    for y in 0..<size {
      for x in 0..<size {
        let fade = 1 - Double(y) / Double(size) * 0.7
        var pixel = [Double(colour.red) * fade, Double(colour.green) * fade, Double(colour.blue) * fade]
        let phase = Double(x) / Double(size) * periods * 2 * .pi
        let waveY = Double(size) / 2 + sin(phase) * Double(size) / 4
        if abs(Double(y) - waveY) < 2.5 { pixel = [250, 250, 250] }
        let offset = (y * size + x) * 3
        for channel in 0..<3 { rgb[offset + channel] = UInt8(max(0, min(255, pixel[channel]))) }
      }
    }
    return rgb
  }
}
