/// The items an app plays one after another, the one playing now, and whether remote controls
/// may edit the list.
///
/// The corresponding MediaPlayer keys are `MPNowPlayingInfoPropertyPlaybackQueueIndex` and
/// `MPNowPlayingInfoPropertyPlaybackQueueCount` (``playbackQueueIndex``, ``playbackQueueCount``);
/// MPRIS publishes the queue as `org.mpris.MediaPlayer2.TrackList` (`Tracks`, `CanEditTracks`).
public struct PlaybackQueue: Sendable, Hashable {
  /// The items, in playing order; identifiers are unique (a later duplicate is dropped).
  public private(set) var items: [QueueItem]
  /// The identifier of the item playing now; `nil` when none is (or it is not in ``items``).
  public var currentItemID: String? {
    didSet { if let id = currentItemID, index(of: id) == nil { currentItemID = nil } }
  }
  /// Whether remote controls may add and remove items. MPRIS: `CanEditTracks` (with the
  /// add and remove commands handled).
  public var canEdit: Bool

  /// A queue of `items` (later items whose identifier repeats an earlier one are dropped),
  /// `currentItemID` playing when it names one of them.
  public init(items: [QueueItem], currentItemID: String? = nil, canEdit: Bool = false) {
    var seen: Set<String> = []
    self.items = items.filter { seen.insert($0.id).inserted }
    self.canEdit = canEdit
    self.currentItemID = currentItemID.flatMap { id in self.items.contains { $0.id == id } ? id : nil }
  }

  /// The position of the item with identifier `id`; `nil` when none has it.
  public func index(of id: String) -> Int? { items.firstIndex { $0.id == id } }

  /// The item with identifier `id`; `nil` when none has it.
  public func item(withID id: String) -> QueueItem? { index(of: id).map { items[$0] } }

  /// The item playing now.
  public var currentItem: QueueItem? { currentItemID.flatMap(item(withID:)) }

  /// The position of the item playing now. MediaPlayer: `MPNowPlayingInfoPropertyPlaybackQueueIndex`.
  public var playbackQueueIndex: Int? { currentItemID.flatMap(index(of:)) }

  /// The number of items. MediaPlayer: `MPNowPlayingInfoPropertyPlaybackQueueCount`.
  public var playbackQueueCount: Int { items.count }

  /// The Now Playing info of the item playing now, with its queue index and count filled in;
  /// `nil` when none plays.
  public var nowPlayingInfo: NowPlayingInfo? {
    guard let index = playbackQueueIndex else { return nil }
    var info = items[index].info
    info.playbackQueueIndex = index
    info.playbackQueueCount = items.count
    return info
  }

  /// Inserts `item` after the item with identifier `previousID` (at the start when `nil`).
  ///
  /// - Throws: ``PlaybackQueueError`` with the code ``PlaybackQueueError/Code/unknownItem`` when
  ///   `previousID` is in no item, or ``PlaybackQueueError/Code/duplicateItem`` when `item`'s
  ///   identifier already is; the queue is unchanged then.
  public mutating func insert(_ item: QueueItem, after previousID: String?) throws(PlaybackQueueError) {
    guard index(of: item.id) == nil else { throw .duplicate(item.id) }
    var position = 0
    if let previousID {
      guard let previous = index(of: previousID) else { throw .unknown(previousID) }
      position = previous + 1
    }
    items.insert(item, at: position)
  }

  /// Removes the item with identifier `id`; when it was playing, none is current afterwards.
  ///
  /// - Throws: ``PlaybackQueueError`` with the code ``PlaybackQueueError/Code/unknownItem`` when
  ///   no item has it.
  public mutating func remove(_ id: String) throws(PlaybackQueueError) {
    guard let position = index(of: id) else { throw .unknown(id) }
    items.remove(at: position)
    if currentItemID == id { currentItemID = nil }
  }
}
