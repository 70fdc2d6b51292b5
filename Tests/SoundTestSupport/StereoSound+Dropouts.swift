extension StereoSound {
  /// How many times the sound stops for at least `frames` frames, in both channels at once, to
  /// exact zeros: what the sound server plays while a player has fallen behind (an underrun),
  /// and what a tone never does.
  package func dropouts(atLeast frames: Int = 48) -> Int {
    var count = 0
    var run = 0
    for index in 0..<frameCount {
      if left[index] == 0 && right[index] == 0 {
        run += 1
        if run == frames { count += 1 }
      } else {
        run = 0
      }
    }
    return count
  }
}
