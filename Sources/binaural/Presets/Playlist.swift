import RemoteControl

/// The presets in the order they play, in order or shuffled, and which one is current.
struct Playlist: Sendable {
  /// Every preset, in their own order.
  let presets: [BinauralPreset]
  /// The indices of ``presets`` in playing order.
  private(set) var order: [Int]
  /// Where in ``order`` playback is.
  private(set) var cursor: Int

  /// A playlist of `presets` in order, at the one at `start` (the first by default).
  init(_ presets: [BinauralPreset], startingAt start: Int = 0) {
    precondition(!presets.isEmpty, "a playlist needs at least one preset")
    precondition(presets.indices.contains(start), "the first preset must be in the playlist")
    self.presets = presets
    order = Array(presets.indices)
    cursor = start
  }

  /// The preset playing.
  var current: BinauralPreset { presets[order[cursor]] }

  /// The current preset's position in ``presets`` (not in the shuffled order).
  var currentIndex: Int { order[cursor] }

  /// Whether there is a preset after the current one, wrapping around when `repeatMode` is
  /// ``RepeatMode/all``.
  func hasNext(repeatMode: RepeatMode) -> Bool { repeatMode == .all || cursor + 1 < order.count }

  /// Whether there is a preset before the current one, wrapping around when `repeatMode` is
  /// ``RepeatMode/all``.
  func hasPrevious(repeatMode: RepeatMode) -> Bool { repeatMode == .all || cursor > 0 }

  /// Moves to the next preset. Returns `false`, staying put, when there is none.
  mutating func moveToNext(repeatMode: RepeatMode) -> Bool {
    guard hasNext(repeatMode: repeatMode) else { return false }
    cursor = (cursor + 1) % order.count
    return true
  }

  /// Moves to the previous preset. Returns `false`, staying put, when there is none.
  mutating func moveToPrevious(repeatMode: RepeatMode) -> Bool {
    guard hasPrevious(repeatMode: repeatMode) else { return false }
    cursor = (cursor + order.count - 1) % order.count
    return true
  }

  /// Shuffles the presets after the current one (which stays current), or puts them back in
  /// order.
  mutating func setShuffled(_ shuffled: Bool) {
    let current = currentIndex
    if shuffled {
      order = [current] + presets.indices.filter { $0 != current }.shuffled()
      cursor = 0
    } else {
      order = Array(presets.indices)
      cursor = current
    }
  }
}
