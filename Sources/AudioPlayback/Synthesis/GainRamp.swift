/// A gain that moves to each new target in a straight line over a fixed number of frames, so
/// changes of volume, pause and resume do not click.
struct GainRamp: Sendable {
  /// Frames a full move takes.
  let length: Int
  /// The gain of the frame just rendered.
  private(set) var current: Float
  /// Where the gain is heading.
  private(set) var target: Float
  private var step: Float = 0
  private var remaining = 0

  init(length: Int, initial: Float) {
    self.length = max(1, length)
    self.current = initial
    self.target = initial
  }

  /// Heads for `newTarget`, reaching it `length` frames from now.
  mutating func move(to newTarget: Float) {
    guard newTarget != target else { return }
    target = newTarget
    remaining = length
    step = (newTarget - current) / Float(length)
  }

  /// Jumps to `value` at once.
  mutating func set(_ value: Float) {
    current = value
    target = value
    remaining = 0
  }

  /// Whether the gain stays put: no move is under way.
  var isSettled: Bool { remaining == 0 }

  /// The gain for the next frame.
  @inline(__always) mutating func next() -> Float {
    if remaining > 0 {
      remaining -= 1
      current = remaining == 0 ? target : current + step
    }
    return current
  }
}
