import Synchronization

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
/// as it is when it already describes that item, but for the index and count).
public final class PlaybackQueueCenter: Sendable {
  /// What the center holds at one moment, as observers see it.
  public struct Snapshot: Sendable, Hashable {
    /// The queue; `nil` when the app provides none.
    public var queue: PlaybackQueue?
    /// The playlists; `nil` when the app provides none.
    public var playlists: PlaylistLibrary?

    /// A snapshot of these parts.
    public init(queue: PlaybackQueue? = nil, playlists: PlaylistLibrary? = nil) {
      self.queue = queue
      self.playlists = playlists
    }
  }

  private struct State {
    var snapshot = Snapshot()
    var observers: [(token: ObservationToken, observer: @Sendable (Snapshot) -> Void)] = []
  }

  private let state = Mutex(State())
  private let nowPlayingInfoCenter: NowPlayingInfoCenter

  /// A center without queue or playlists, keeping `nowPlayingInfoCenter`'s info consistent
  /// with the queue.
  public init(nowPlayingInfoCenter: NowPlayingInfoCenter) {
    self.nowPlayingInfoCenter = nowPlayingInfoCenter
  }

  /// Everything the center holds now.
  public var snapshot: Snapshot { state.withLock { $0.snapshot } }

  /// The queue; `nil` (the default) when the app provides none.
  public var queue: PlaybackQueue? {
    get { state.withLock { $0.snapshot.queue } }
    set {
      update { $0.queue = newValue }
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
    let token = ObservationToken.unique()
    state.withLock { $0.observers.append((token, observer)) }
    return token
  }

  /// Stops the observer the token was returned for. Unknown tokens are ignored.
  public func removeObserver(_ token: ObservationToken) {
    state.withLock { $0.observers.removeAll { $0.token == token } }
  }

  private func update(_ change: (inout Snapshot) -> Void) {
    let (snapshot, observers) = state.withLock { state in
      let before = state.snapshot
      change(&state.snapshot)
      return state.snapshot == before ? (nil, []) : (state.snapshot, state.observers)
    }
    guard let snapshot else { return }
    for entry in observers { entry.observer(snapshot) }
  }
}
