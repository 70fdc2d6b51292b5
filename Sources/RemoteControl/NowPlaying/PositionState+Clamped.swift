extension PositionState {
  /// A position state made valid instead of refused, for values reported by others (a player on
  /// the bus): a negative or unknown length becomes none, the position is kept within
  /// [0, duration], and a rate of 0, NaN or infinity becomes 1.
  package init(clampingDuration duration: Duration?, playbackRate: Double, position: Duration) {
    let duration = duration.flatMap { $0 > .zero ? $0 : nil }
    var position = max(position, .zero)
    if let duration { position = min(position, duration) }
    self.duration = duration
    self.playbackRate = playbackRate.isFinite && playbackRate != 0 ? playbackRate : 1
    self.position = position
  }
}
