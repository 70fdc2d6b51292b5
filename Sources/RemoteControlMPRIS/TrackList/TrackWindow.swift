import RemoteControl

/// The part of a long queue that `org.mpris.MediaPlayer2.TrackList.Tracks` lists.
///
/// The MPRIS spec lets a player list only some tracks of a long list, around the current one,
/// so that `Tracks` and the signals stay small. The window holds at most ``size`` (100) items:
/// the current item with up to 49 before it and the rest after it, moved to stay within the
/// queue near its ends; the first 100 items when none is current. A queue of up to 100 items is
/// listed whole.
enum TrackWindow {
  /// The most items `Tracks` lists.
  static let size = 100
  /// How many items before the current one the window holds, when the queue has them.
  static let before = 49

  /// The items of `queue` that `Tracks` lists, in queue order.
  static func items(of queue: PlaybackQueue) -> ArraySlice<QueueItem> {
    let items = queue.items
    guard items.count > size else { return items[...] }
    let current = queue.playbackQueueIndex ?? 0
    let start = min(max(current - before, 0), items.count - size)
    return items[start..<(start + size)]
  }
}
