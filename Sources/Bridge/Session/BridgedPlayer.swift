import DBus
import Logging
import RemoteControl
import RemoteControlMPRIS
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One registered player: an `Application` run as an MPRIS player on a bus
/// connection of its own, whose commands become the client's actions and whose Now Playing
/// info is what the client reports.
@MainActor
final class BridgedPlayer {
  /// The client's name for the player.
  let name: String
  /// The application the MPRIS player serves.
  let application: Application
  /// The actions the client handles.
  private(set) var handled: Set<MediaSessionAction> = []
  private let send: @Sendable (HubMessage) -> Void
  private var service: Task<Void, Never>?
  /// Counts metadata changes, so that a picture fetched for older metadata is dropped.
  private var metadataGeneration = 0
  /// The picture being fetched, if any: at most one per player, the one of the newest metadata.
  var artworkFetch: Task<Void, Never>? {
    willSet { artworkFetch?.cancel() }
  }
  /// The lowest and highest rates reported, for MPRIS `MinimumRate` and `MaximumRate`.
  private var rates: ClosedRange<Double> = 1...1

  /// The commands the player maps to actions; every other command stays disabled.
  private static let mapped: [RemoteCommandKind] = [
    .play, .pause, .stop, .togglePlayPause, .nextTrack, .previousTrack, .skipForward, .skipBackward,
    .changePlaybackPosition,
  ]

  /// Creates the player, with nothing handled and nothing playing.
  ///
  /// - Parameters:
  ///   - name: The client's name for the player.
  ///   - artworkDirectory: Where pictures are written before they are published as `file://`.
  ///   - send: Sends a message to the client.
  init(name: String, artworkDirectory: URL, send: @escaping @Sendable (HubMessage) -> Void) {
    self.name = name
    self.send = send
    application = Application(nowPlayingInfoCenter: NowPlayingInfoCenter(artworkDirectory: artworkDirectory))
    application.nowPlayingInfoCenter.playbackState = .stopped
    let center = application.commandCenter
    for command in center.allCommands { command.isEnabled = false }
    for kind in Self.mapped {
      center.command(for: kind).addTarget { [weak self] event in
        self?.perform(event) ?? .commandFailed
      }
    }
    application.beginReceivingRemoteControlEvents()
  }

  /// Publishes the player and returns the bus name it got.
  ///
  /// - Throws: `bus-unavailable` when the bus cannot be reached or the name cannot be had.
  func start(
    _ configuration: MediaPlayerConfiguration, on thread: ConnectionThread?, logger: Logger
  ) async throws(ProtocolError) -> String {
    let outcome = Mutex<CheckedContinuation<Result<String, ProtocolError>, Never>?>(nil)
    let application = application
    let result = await withCheckedContinuation { continuation in
      outcome.withLock { $0 = continuation }
      service = Task {
        var player = MediaPlayerService(
          application: application, configuration: configuration, logger: logger,
          onNameAcquired: { name in outcome.withLock { $0.take() }?.resume(returning: .success(name)) })
        player.connectionThread = thread
        do {
          try await player.run()
        } catch {
          logger.warning("bridged player stopped", metadata: ["error": "\(error)"])
          let failure = ProtocolError(
            .busUnavailable, "register: the player could not be published: \(error)")
          outcome.withLock { $0.take() }?.resume(returning: .failure(failure))
        }
        outcome.withLock { $0.take() }?.resume(
          returning: .failure(
            ProtocolError(.busUnavailable, "register: the player stopped before it got its name")))
      }
    }
    return try result.get()
  }

  /// Starts removing the player from the bus: no action is sent from now on.
  func cancel() {
    application.endReceivingRemoteControlEvents()
    artworkFetch = nil
    service?.cancel()
  }

  /// Removes the player from the bus and waits until its connection is closed.
  func stop() async {
    cancel()
    await service?.value
    service = nil
  }

  // MARK: - What the client reports

  /// Sets the actions the client handles, and with them the commands offered (MPRIS `Can*`).
  func setActions(_ actions: Set<MediaSessionAction>) {
    handled = actions
    let center = application.commandCenter
    center.playCommand.isEnabled = actions.contains(.play)
    center.pauseCommand.isEnabled = actions.contains(.pause)
    center.stopCommand.isEnabled = actions.contains(.stop)
    center.togglePlayPauseCommand.isEnabled = actions.contains(.play) || actions.contains(.pause)
    center.nextTrackCommand.isEnabled = actions.contains(.nexttrack)
    center.previousTrackCommand.isEnabled = actions.contains(.previoustrack)
    center.skipForwardCommand.isEnabled = actions.contains(.seekforward) || actions.contains(.seekto)
    center.skipBackwardCommand.isEnabled = actions.contains(.seekbackward) || actions.contains(.seekto)
    center.changePlaybackPositionCommand.isEnabled = actions.contains(.seekto)
  }

  /// Sets what plays (the text at once); a remote picture is fetched and added when it arrives.
  ///
  /// - Returns: The picture to fetch, if any; pass it to ``setFetchedArtwork(_:generation:)``
  ///   with the generation returned.
  func setMetadata(_ metadata: ClientMessage.ItemMetadata?) -> (url: URL, generation: Int)? {
    metadataGeneration += 1
    artworkFetch = nil
    guard let metadata else {
      application.nowPlayingInfoCenter.nowPlayingInfo = nil
      return nil
    }
    var info = NowPlayingInfo(
      trackIdentifier: metadata.trackID, title: metadata.title,
      artist: metadata.artist.isEmpty ? nil : metadata.artist,
      albumTitle: metadata.album.isEmpty ? nil : metadata.album)
    var pending: (URL, Int)?
    switch metadata.artwork {
    case nil: break
    case .inline(let data): info.artwork = .data(data)
    case .remote(let url): pending = (url, metadataGeneration)
    }
    application.nowPlayingInfoCenter.nowPlayingInfo = info
    return pending
  }

  /// Adds a fetched picture to the item, unless newer metadata came meanwhile.
  func setFetchedArtwork(_ data: Data, generation: Int) {
    guard generation == metadataGeneration, var info = application.nowPlayingInfoCenter.nowPlayingInfo else {
      return
    }
    info.artwork = .data(data)
    application.nowPlayingInfoCenter.nowPlayingInfo = info
  }

  /// Whether `generation` is still the metadata being shown.
  func isCurrent(generation: Int) -> Bool { generation == metadataGeneration }

  /// Sets where playback is; `nil` clears it.
  func setPositionState(_ state: PositionState?) {
    if let rate = state?.playbackRate, !rates.contains(rate) {
      rates = min(rates.lowerBound, rate)...max(rates.upperBound, rate)
      application.commandCenter.changePlaybackRateCommand.supportedPlaybackRates = [
        rates.lowerBound, rates.upperBound,
      ]
    }
    application.nowPlayingInfoCenter.setPositionState(state)
  }

  /// Sets whether the player plays.
  func setPlaybackState(_ state: PlaybackState) {
    application.nowPlayingInfoCenter.playbackState = state
  }

  // MARK: - What controllers ask

  private func perform(_ event: RemoteControlEvent) -> RemoteCommandHandlerStatus {
    let center = application.nowPlayingInfoCenter
    guard
      let request = ActionRequest(
        event.command, handled: handled, isPlaying: center.playbackState == .playing,
        position: center.elapsedPlaybackTime, duration: center.positionState?.duration)
    else { return .commandFailed }
    send(.action(player: name, command: request.command, details: request.details))
    return .success
  }
}
