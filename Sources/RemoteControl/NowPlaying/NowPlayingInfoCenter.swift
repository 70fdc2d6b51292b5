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
/// rate changes, and ``elapsedPlaybackTime`` derives the position from it; nobody polls.
///
/// The iOS habits work as they do there:
/// - Info that carries ``NowPlayingInfo/elapsedPlaybackTime`` or ``NowPlayingInfo/playbackRate``
///   reports the position state with it, in the same change; a rate of 0 means paused.
/// - Until the app sets ``playbackState`` itself, the state is inferred at each change: stopped
///   with no info; playing when the info's rate is not 0, paused when it is 0 or not given.
///   (On iOS, where `playbackState` is for macOS only, the rate says it.)
/// - ``setNowPlaying(_:playbackState:positionState:)`` changes info, state and position at once:
///   observers (and controllers) never see one without the others, whatever the order.
public final class NowPlayingInfoCenter: Sendable {
  private struct State {
    var snapshot: NowPlayingSnapshot
    /// Whether the app has set ``playbackState``; until it does, the state is inferred.
    var stateIsSet = false
    var observers = ObserverList<@Sendable (NowPlayingSnapshot) -> Void>()
    /// Fills in an info's queue index and count from the playback queue that holds its item.
    var placeInQueue: (@Sendable (NowPlayingInfo) -> NowPlayingInfo)?
  }

  private let state: Mutex<State>
  private let now: @Sendable () -> Duration
  /// Where artwork given as bytes is written: this center's, and its queue items'.
  let artworkCache: ArtworkCache

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
  /// (once per distinct picture) when this is set; if that fails, no artwork is published and
  /// the snapshot's ``NowPlayingSnapshot/artworkError`` says why.
  ///
  /// The corresponding MediaPlayer property is `MPNowPlayingInfoCenter.nowPlayingInfo`.
  /// When the application's playback queue (``PlaybackQueueCenter``) holds the item and the
  /// info gives no queue index and count, they are filled in from the queue: set the info and
  /// the queue in either order, and one change of track is one update. When the info carries
  /// ``NowPlayingInfo/elapsedPlaybackTime`` or ``NowPlayingInfo/playbackRate``, the position
  /// state is reported from them in the same change (see the type's documentation); an info
  /// whose ``NowPlayingInfo/playbackDuration`` is negative reports none, since no position lies
  /// within it.
  public var nowPlayingInfo: NowPlayingInfo? {
    get { state.withLock { $0.snapshot.info } }
    set {
      let info = newValue.map(placedInQueue)
      let artwork = artworkCache.published(info?.artwork)
      let now = now()
      update { state in
        state.snapshot.info = info
        state.snapshot.artworkURL = artwork.url
        state.snapshot.artworkError = artwork.error
        if let info, info.elapsedPlaybackTime != nil || info.playbackRate != nil {
          state.snapshot.positionState = Self.positionState(of: info, in: state.snapshot, at: now)
          state.snapshot.positionReportedAt = now
        }
      }
    }
  }

  /// Sets what is playing, whether it plays and where, as one change: observers see the three
  /// together, never one before the others.
  ///
  /// The corresponding MediaPlayer calls are setting `nowPlayingInfo` (with elapsed time and
  /// rate) and `playbackState`, which iOS applies together.
  /// - Parameters:
  ///   - info: What is playing; `nil` when nothing is. Its elapsed time and rate, if given, are
  ///     used only when `positionState` is `nil`.
  ///   - playbackState: Whether it plays; from then on the state is no longer inferred.
  ///   - positionState: Where playback is; `nil` to take it from `info` (or clear it, when
  ///     `info` says nothing of it).
  public func setNowPlaying(
    _ info: NowPlayingInfo?, playbackState: PlaybackState, positionState: PositionState? = nil
  ) {
    let info = info.map(placedInQueue)
    let artwork = artworkCache.published(info?.artwork)
    let now = now()
    update { state in
      state.stateIsSet = true
      state.snapshot.info = info
      state.snapshot.artworkURL = artwork.url
      state.snapshot.artworkError = artwork.error
      state.snapshot.playbackState = playbackState
      if playbackState == .playing { state.snapshot.hasPlayed = true }
      if let positionState {
        state.snapshot.positionState = positionState
      } else if let info, info.elapsedPlaybackTime != nil || info.playbackRate != nil {
        state.snapshot.positionState = Self.positionState(of: info, in: state.snapshot, at: now)
      } else {
        state.snapshot.positionState = nil
      }
      state.snapshot.positionReportedAt = now
    }
  }

  /// Lets the playback queue fill in the queue index and count of each info set from now on.
  package func setQueuePlacement(_ place: @escaping @Sendable (NowPlayingInfo) -> NowPlayingInfo) {
    state.withLock { $0.placeInQueue = place }
  }

  /// `info` with its queue index and count filled in by the queue that holds its item (outside
  /// the lock: the queue has a lock of its own).
  private func placedInQueue(_ info: NowPlayingInfo) -> NowPlayingInfo {
    guard info.playbackQueueIndex == nil, info.playbackQueueCount == nil,
      let place = state.withLock({ $0.placeInQueue })
    else { return info }
    return place(info)
  }

  /// The position state an info's elapsed time and rate report: the elapsed time (else the
  /// position now), clamped to the item; the rate (else the last one), a rate of 0 keeping the
  /// last non-zero one, since a pause is a playback state. None for an item of negative length.
  private static func positionState(
    of info: NowPlayingInfo, in snapshot: NowPlayingSnapshot, at now: Duration
  ) -> PositionState? {
    let elapsed = max(info.elapsedPlaybackTime ?? snapshot.position(at: now), .zero)
    let lastRate = snapshot.positionState?.playbackRate ?? 1
    let rate = info.playbackRate.flatMap { $0 == 0 || $0.isNaN ? nil : $0 } ?? lastRate
    do {
      return try PositionState(
        duration: info.playbackDuration, playbackRate: rate,
        position: info.playbackDuration.map { min(elapsed, $0) } ?? elapsed)
    } catch  where error.code == .invalidDuration {
      // The position and rate were made valid above; only the info's own length can be refused.
      // An item of negative length has no position in it: the info reports none (documented on
      // `nowPlayingInfo`), as the web API refuses such a state; the info is kept as given.
      return nil
    } catch {
      assertionFailure("a position and rate made valid were refused: \(error)")
      return nil
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
      update { state in
        state.stateIsSet = true
        Self.change(&state.snapshot, to: newValue, at: now)
      }
    }
  }

  /// Moves the playback state to `newValue` only if it is `expected` now, in one change; the
  /// audio session's way of interrupting playback without undoing the app's own pause.
  ///
  /// - Returns: Whether the state was `expected` and changed.
  @discardableResult
  func replacePlaybackState(_ expected: PlaybackState, with newValue: PlaybackState) -> Bool {
    let now = now()
    var replaced = false
    update { state in
      guard state.snapshot.playbackState == expected else { return }
      state.stateIsSet = true
      Self.change(&state.snapshot, to: newValue, at: now)
      replaced = true
    }
    return replaced
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
      guard positionState != nil || $0.snapshot.positionState != nil else { return }
      $0.snapshot.positionState = positionState
      $0.snapshot.positionReportedAt = now
    }
  }

  /// Checks and reports a position state; nothing changes when it is invalid.
  ///
  /// - Parameters:
  ///   - duration: The length of the item; `nil` for a live stream.
  ///   - playbackRate: The rate playback moves at while playing.
  ///   - position: Where playback is now.
  /// - Throws: ``PositionStateError`` saying what is wrong with the values.
  public func setPositionState(duration: Duration?, playbackRate: Double = 1, position: Duration = .zero)
    throws(PositionStateError)
  {
    setPositionState(try PositionState(duration: duration, playbackRate: playbackRate, position: position))
  }

  /// The position now: the reported position moved on by the elapsed time × rate while
  /// playing, clamped to [0, duration]. Zero when no position was reported.
  ///
  /// The corresponding MediaPlayer value is the extrapolated
  /// `MPNowPlayingInfoPropertyElapsedPlaybackTime`.
  public var elapsedPlaybackTime: Duration {
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
    state.withLock { $0.observers.add(observer) }
  }

  /// Stops the observer the token was returned for. Unknown tokens are ignored.
  public func removeObserver(_ token: ObservationToken) {
    state.withLock { $0.observers.remove(token) }
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

  /// Moves the playback state to `newValue`; pausing keeps the position reached.
  private static func change(
    _ snapshot: inout NowPlayingSnapshot, to newValue: PlaybackState, at now: Duration
  ) {
    guard snapshot.playbackState != newValue else { return }
    if var position = snapshot.positionState {
      position.position = snapshot.position(at: now)
      snapshot.positionState = position
      snapshot.positionReportedAt = now
    }
    snapshot.playbackState = newValue
    if newValue == .playing { snapshot.hasPlayed = true }
  }

  /// The playback state inferred while the app has not set one: stopped with no info; playing
  /// when the info's rate is not 0; paused when it is 0 or not given.
  private static func inferredState(of info: NowPlayingInfo?) -> PlaybackState {
    guard let info else { return .stopped }
    guard let rate = info.playbackRate, rate != 0 else { return .paused }
    return .playing
  }

  /// Applies a change (inferring the playback state while the app has not set one); if the
  /// snapshot changed, tells the observers outside the lock.
  private func update(_ change: (inout State) -> Void) {
    let now = now()
    let (snapshot, observers) = state.withLock { state in
      let before = state.snapshot
      change(&state)
      if !state.stateIsSet, state.snapshot.info != before.info {
        Self.change(&state.snapshot, to: Self.inferredState(of: state.snapshot.info), at: now)
      }
      return state.snapshot == before ? (nil, ObserverList()) : (state.snapshot, state.observers)
    }
    guard let snapshot else { return }
    for observer in observers { observer(snapshot) }
  }
}
