import Synchronization

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Holds what the app is playing, and tells controllers when it changes.
///
/// The corresponding MediaPlayer class is `MPNowPlayingInfoCenter`. It can be read and set from
/// any thread (an audio thread, a D-Bus thread): its state is behind a mutex. Position follows
/// the Media Session rule: the app reports a ``PositionState`` when the position jumps or the
/// rate changes, and ``currentPosition`` derives the position from it; nobody polls.
public final class NowPlayingInfoCenter: Sendable {
  private struct State {
    var snapshot: NowPlayingSnapshot
    var observers: [(token: ObservationToken, observer: @Sendable (NowPlayingSnapshot) -> Void)] = []
  }

  private let state: Mutex<State>
  private let now: @Sendable () -> Duration
  private let artworkCache: ArtworkCache

  /// Creates an info center.
  ///
  /// - Parameters:
  ///   - clock: The clock positions are extrapolated on; inject a manual clock in tests.
  ///   - artworkDirectory: Where artwork given as bytes is written;
  ///     `$XDG_CACHE_HOME/swift-remote-control/artwork` by default.
  public init(
    clock: some Clock<Duration> = ContinuousClock(),
    artworkDirectory: URL? = nil
  ) {
    let origin = clock.now
    self.now = { origin.duration(to: clock.now) }
    self.artworkCache = ArtworkCache(directory: artworkDirectory ?? ArtworkCache.defaultDirectory)
    self.state = Mutex(
      State(
        snapshot: NowPlayingSnapshot(
          info: nil, playbackState: .unknown, positionState: nil, positionReportedAt: .zero,
          artworkURL: nil, hasPlayed: false)))
  }

  // MARK: - State

  /// Everything the info center holds now.
  public var snapshot: NowPlayingSnapshot { state.withLock { $0.snapshot } }

  /// What is playing; `nil` when nothing is. Artwork given as bytes is written to the cache
  /// (once per distinct picture) when this is set; if that fails, no artwork is published.
  ///
  /// The corresponding MediaPlayer property is `MPNowPlayingInfoCenter.nowPlayingInfo`.
  public var nowPlayingInfo: NowPlayingInfo? {
    get { state.withLock { $0.snapshot.info } }
    set {
      let artworkURL = newValue?.artwork.flatMap { try? artworkCache.url(for: $0) }
      update {
        $0.info = newValue
        $0.artworkURL = artworkURL
      }
    }
  }

  /// Whether the app is playing.
  ///
  /// Pausing keeps the position where it is now; resuming extrapolates from there.
  /// The corresponding MediaPlayer property is `MPNowPlayingInfoCenter.playbackState`.
  public var playbackState: PlaybackState {
    get { state.withLock { $0.snapshot.playbackState } }
    set {
      let now = now()
      update { snapshot in
        guard snapshot.playbackState != newValue else { return }
        if var position = snapshot.positionState {
          position.position = snapshot.position(at: now)
          snapshot.positionState = position
          snapshot.positionReportedAt = now
        }
        snapshot.playbackState = newValue
        if newValue == .playing { snapshot.hasPlayed = true }
      }
    }
  }

  /// The last reported position state.
  public var positionState: PositionState? { state.withLock { $0.snapshot.positionState } }

  /// Reports where playback is, how fast it moves and how long the item is.
  ///
  /// Call it when the position jumps (a seek, a new item) or the rate changes, not on normal
  /// progress. `nil` clears it. The corresponding web API is `MediaSession.setPositionState()`.
  public func setPositionState(_ positionState: PositionState?) {
    let now = now()
    update {
      // Clearing an absent state changes nothing; the time of the report means nothing then.
      guard positionState != nil || $0.positionState != nil else { return }
      $0.positionState = positionState
      $0.positionReportedAt = now
    }
  }

  /// Checks and reports a position state; nothing changes when it is invalid.
  ///
  /// - Throws: ``PositionStateError`` saying what is wrong with the values.
  public func setPositionState(duration: Double, playbackRate: Double = 1, position: Double = 0)
    throws(PositionStateError)
  {
    setPositionState(try PositionState(duration: duration, playbackRate: playbackRate, position: position))
  }

  /// The position now, in seconds: the reported position moved on by the elapsed time × rate
  /// while playing, clamped to [0, duration]. 0 when no position was reported.
  public var currentPosition: Double {
    let now = now()
    return state.withLock { $0.snapshot.position(at: now) }
  }

  /// The time now on the info center's clock, which ``NowPlayingSnapshot/position(at:)`` takes.
  public var clockTime: Duration { now() }

  // MARK: - Observation

  /// Calls `observer` with the new state after each change, on the thread that made it, in the
  /// order observers were added.
  ///
  /// - Returns: A token for ``removeObserver(_:)``.
  @discardableResult
  public func observe(_ observer: @escaping @Sendable (NowPlayingSnapshot) -> Void) -> ObservationToken {
    let token = ObservationToken.unique()
    state.withLock { $0.observers.append((token, observer)) }
    return token
  }

  /// Stops the observer the token was returned for. Unknown tokens are ignored.
  public func removeObserver(_ token: ObservationToken) {
    state.withLock { $0.observers.removeAll { $0.token == token } }
  }

  /// The state after each change from the moment of the call, coalesced: a consumer slower than
  /// the changes gets the newest state, never a backlog. Ends when the iterating task is
  /// cancelled.
  public var updates: AsyncStream<NowPlayingSnapshot> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: NowPlayingSnapshot.self, bufferingPolicy: .bufferingNewest(1))
    let token = observe { continuation.yield($0) }
    continuation.onTermination = { [weak self] _ in self?.removeObserver(token) }
    return stream
  }

  /// Applies a change; if the snapshot changed, tells the observers outside the lock.
  private func update(_ change: (inout NowPlayingSnapshot) -> Void) {
    let (snapshot, observers) = state.withLock { state in
      let before = state.snapshot
      change(&state.snapshot)
      return state.snapshot == before ? (nil, []) : (state.snapshot, state.observers)
    }
    guard let snapshot else { return }
    for entry in observers { entry.observer(snapshot) }
  }
}
