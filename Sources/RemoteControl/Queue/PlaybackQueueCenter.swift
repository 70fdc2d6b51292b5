import Synchronization

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Holds the app's playback queue and playlists, and tells controllers when they change.
///
/// MediaPlayer keeps only the queue's index and count, in the Now Playing info
/// (`MPNowPlayingInfoPropertyPlaybackQueueIndex`, `…Count`); here the app also gives the items
/// and playlists, which MPRIS publishes as `org.mpris.MediaPlayer2.TrackList` and
/// `org.mpris.MediaPlayer2.Playlists` (each only while the app provides it). Like the Now
/// Playing info center it can be read and set from any thread.
///
/// Setting a queue with a current item keeps the Now Playing info consistent with it: the info
/// center then shows the current item's info with its queue index and count (the info stays
/// as it is when it already describes that item, but for the index and count). The other way
/// round, Now Playing info set for an item the queue holds gets its index and count from the
/// queue. So a change of track — the info and the queue's current item — is one Now Playing
/// update whichever is set first, as long as the info names the item (its
/// ``NowPlayingInfo/trackIdentifier`` is the item's ``QueueItem/id``, as in the item's own info).
///
/// Artwork given as bytes in the items' info is written to the info center's artwork cache when
/// the queue is set (once per distinct picture), and published as a `file://` URL
/// (``Snapshot/artworkURLs``), as the Now Playing item's is; an item whose artwork could not be
/// written is published without it, and ``Snapshot/artworkErrors`` says why.
public final class PlaybackQueueCenter: Sendable {
  /// What the center holds at one moment, as observers see it.
  public struct Snapshot: Sendable, Hashable {
    /// The queue; `nil` when the app provides none.
    public var queue: PlaybackQueue?
    /// The playlists; `nil` when the app provides none.
    public var playlists: PlaylistLibrary?
    /// The `file://` URLs of the queue items' artwork given as bytes, by item identifier: where
    /// the artwork cache wrote them. Items whose artwork is a URL, or none, have no entry.
    public var artworkURLs: [String: URL]
    /// Why items' artwork given as bytes has no entry in ``artworkURLs``, by item identifier:
    /// the cache file could not be written, so controllers show no picture for the item (MPRIS
    /// publishes its metadata without `mpris:artUrl`).
    public var artworkErrors: [String: ArtworkError]

    /// A snapshot of these parts.
    public init(
      queue: PlaybackQueue? = nil, playlists: PlaylistLibrary? = nil, artworkURLs: [String: URL] = [:],
      artworkErrors: [String: ArtworkError] = [:]
    ) {
      self.queue = queue
      self.playlists = playlists
      self.artworkURLs = artworkURLs
      self.artworkErrors = artworkErrors
    }
  }

  private struct State {
    var snapshot = Snapshot()
    var observers = ObserverList<@Sendable (Snapshot) -> Void>()
  }

  private let state = Mutex(State())
  private let nowPlayingInfoCenter: NowPlayingInfoCenter

  /// A center without queue or playlists, keeping `nowPlayingInfoCenter`'s info consistent
  /// with the queue.
  public init(nowPlayingInfoCenter: NowPlayingInfoCenter) {
    self.nowPlayingInfoCenter = nowPlayingInfoCenter
    nowPlayingInfoCenter.setQueuePlacement { [weak self] info in self?.placed(info) ?? info }
  }

  /// `info` with the queue index and count of the item it describes, when the queue holds it.
  private func placed(_ info: NowPlayingInfo) -> NowPlayingInfo {
    guard let queue = state.withLock({ $0.snapshot.queue }) else { return info }
    guard let index = info.trackIdentifier.flatMap(queue.index(of:)) else { return info }
    var info = info
    info.playbackQueueIndex = index
    info.playbackQueueCount = queue.playbackQueueCount
    return info
  }

  /// The cache URLs of `queue`'s byte artwork, reusing those of `previous` (with the artwork
  /// they were written for) for items whose artwork did not change, and why the others have
  /// none (written again each time, so a cache that works again is used).
  private func artwork(of queue: PlaybackQueue?, previous: Snapshot)
    -> (urls: [String: URL], errors: [String: ArtworkError])
  {
    guard let queue else { return ([:], [:]) }
    var urls: [String: URL] = [:]
    var errors: [String: ArtworkError] = [:]
    for item in queue.items {
      guard let artwork = item.info.artwork, case .data = artwork else { continue }
      if let url = previous.artworkURLs[item.id],
        previous.queue?.item(withID: item.id)?.info.artwork == artwork
      {
        urls[item.id] = url
        continue
      }
      let published = nowPlayingInfoCenter.artworkCache.published(artwork)
      urls[item.id] = published.url
      errors[item.id] = published.error
    }
    return (urls, errors)
  }

  /// Everything the center holds now.
  public var snapshot: Snapshot { state.withLock { $0.snapshot } }

  /// The queue; `nil` (the default) when the app provides none.
  public var queue: PlaybackQueue? {
    get { state.withLock { $0.snapshot.queue } }
    set {
      let artwork = artwork(of: newValue, previous: snapshot)
      update {
        $0.queue = newValue
        $0.artworkURLs = artwork.urls
        $0.artworkErrors = artwork.errors
      }
      guard let current = newValue?.nowPlayingInfo else { return }
      let info = nowPlayingInfoCenter.nowPlayingInfo
      if var info, info.isSameItem(as: current) {
        guard
          info.playbackQueueIndex != current.playbackQueueIndex
            || info.playbackQueueCount != current.playbackQueueCount
        else { return }
        info.playbackQueueIndex = current.playbackQueueIndex
        info.playbackQueueCount = current.playbackQueueCount
        nowPlayingInfoCenter.nowPlayingInfo = info
      } else {
        nowPlayingInfoCenter.nowPlayingInfo = current
      }
    }
  }

  /// The playlists; `nil` (the default) when the app provides none.
  public var playlists: PlaylistLibrary? {
    get { state.withLock { $0.snapshot.playlists } }
    set { update { $0.playlists = newValue } }
  }

  // MARK: - Observation

  /// Calls `observer` with the new snapshot after each change, on the thread that made it.
  ///
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func observe(_ observer: @escaping @Sendable (Snapshot) -> Void) -> ObservationToken {
    state.withLock { $0.observers.add(observer) }
  }

  /// Stops the observer the token was returned for. Unknown tokens are ignored.
  public func removeObserver(_ token: ObservationToken) {
    state.withLock { $0.observers.remove(token) }
  }

  private func update(_ change: (inout Snapshot) -> Void) {
    let (snapshot, observers) = state.withLock { state in
      let before = state.snapshot
      change(&state.snapshot)
      return state.snapshot == before ? (nil, ObserverList()) : (state.snapshot, state.observers)
    }
    guard let snapshot else { return }
    for observer in observers { observer(snapshot) }
  }
}
