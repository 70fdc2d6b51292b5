import AudioSessionArbiter
import DBus
import Dispatch
import HubCore
import HubSupport
import Logging
package import PlayerView
import RemoteControl
import RemoteControlMPRIS
import SoundServer
import Synchronization

/// The arbiter's feed: what the hub's view and the hub's requests say of the players becomes a
/// ``SessionArbiter`` event, and the arbiter's answers become calls to the players.
extension AudioSessionService {
  /// `BeginInterruption()` (`begin` true) or `EndInterruption()` on the audio session's
  /// interface: applied at once, on the connection's thread where the call arrives, so that a
  /// read after the reply sees it.
  package func request(begin: Bool) {
    connection.assertOnConnectionThread()
    apply(begin ? .interruptionRequested : .interruptionEndRequested)
  }

  /// Someone pressed play, pause, stop or play-pause on `owner` through the hub (every door
  /// tells it through ``CommandPath``): it is not resumed after the call. Applied at once when
  /// called on the connection's thread, where ``CommandPath`` sends the command.
  func userPressed(_ owner: BusName) {
    connection.run { [self] in apply(.userPressed(owner: owner.rawValue)) }
  }

  /// Takes the view's `change` to the arbiter. On the view's connection thread, where the view
  /// calls its observers.
  package func take(_ change: PlayerView.Change) {
    connection.assertOnConnectionThread()
    switch change {
    case .nameAppeared(_, let owner, let isNewPlayer) where isNewPlayer:
      askProcessID(of: owner)
    case .processIdentified(let owner):
      askProcessID(of: owner)
    case .nameVanished(_, let owner, let lastMirror) where lastMirror != nil:
      let known = state.withLock { state -> Bool in
        state.askedProcess.remove(owner)
        state.playerStreams.playerLeft(owner.rawValue)
        return state.players.removeValue(forKey: owner) != nil
      }
      if known { apply(.playerVanished(owner: owner.rawValue)) }
      sleepStatusChanged(of: owner, to: nil)
    case .propertiesChanged(let owner, let interface, let names, _)
    where interface == MediaPlayerInterface.player.rawValue
      && names.contains(PlayerProperty.playbackStatus.rawValue):
      guard let mirror = hub.view.mirror(of: owner) else { return }
      sleepStatusChanged(of: owner, to: mirror.playbackStatus)
      logger.trace(
        "\(PlayerProperty.playbackStatus.rawValue)",
        metadata: ["player": "\(owner)", "status": "\(mirror.playbackStatus ?? "")"])
      if state.withLock({ $0.players[owner] }) == nil {
        playerLoaded(owner)
      } else {
        apply(.playbackStatusChanged(owner: owner.rawValue, status: .init(mpris: mirror.playbackStatus)))
      }
    case .interfacesChanged(let owner):
      guard let mirror = hub.view.mirror(of: owner), let wasOurs = state.withLock({ $0.players[owner] }),
        wasOurs != Self.isOurs(mirror)
      else { return }
      playerLoaded(owner)
    default:
      break
    }
  }

  /// Tells the arbiter of the player `owner` as its mirror is now. On the view's connection
  /// thread.
  func playerLoaded(_ owner: BusName) {
    connection.assertOnConnectionThread()
    guard let mirror = hub.view.mirror(of: owner) else { return }
    let isOurs = Self.isOurs(mirror)
    state.withLock { state in
      state.players[owner] = isOurs
      state.playerStreams.desktopEntry(Self.desktopEntry(of: mirror), of: owner.rawValue)
    }
    // A player on the bus before the hub started is first seen here.
    askProcessID(of: owner)
    apply(
      .playerAppeared(
        owner: owner.rawValue, isOurs: isOurs, status: .init(mpris: mirror.playbackStatus),
        isRemote: isRemote(owner)))
    // A sender that streamed before the hub saw the relay.
    if remoteSessionIsActive(owner) { apply(.remoteSessionChanged(owner: owner.rawValue, isActive: true)) }
  }

  /// The player's MPRIS `DesktopEntry`, `nil` when it gives none.
  static func desktopEntry(of mirror: PlayerMirror) -> String? {
    mirror[root: .desktopEntry]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Whether the player was built with this package: it serves the extension interface.
  static func isOurs(_ mirror: PlayerMirror) -> Bool {
    mirror.interfaces.contains {
      $0.name == MediaPlayerInterface.remoteControl.rawValue && $0.path == .remoteControl
    }
  }

  /// Tells the arbiter `event` and carries out its answer. On the view's connection thread.
  func apply(_ event: SessionArbiter.Event) {
    connection.assertOnConnectionThread()
    let (actions, before, after, silencedChanged) = state.withLock { state in
      let (before, silenced) = (state.arbiter.interruption, state.arbiter.silenced)
      let actions = state.arbiter.handle(event)
      if event == .woke { state.sleep.isPreparing = false }
      return (actions, before, state.arbiter.interruption, silenced != state.arbiter.silenced)
    }
    if silencedChanged { announceSilenced() }
    if before != after {
      logger.info(
        "\(after == nil ? "the interruption ended" : "interrupting")",
        metadata: ["interrupted": "\(after?.interrupted ?? before?.interrupted ?? [])"])
      announceInterruption()
    }
    if before?.interrupted != after?.interrupted {
      let players = Set(after?.interrupted ?? [])
      for continuation in state.withLock({ $0.interruptionStreams }) {
        continuation.yield(players)
      }
    }
    if event == .sleepPrepared {
      prepareForSleep(actions)
    } else {
      for action in actions { perform(action) }
    }
    updateSleepDelay()
  }

  /// Carries out `action`; `answered`, if given, runs once the player has answered (or failed
  /// to), on the view's connection thread.
  func perform(_ action: SessionArbiter.Action, answered: (@Sendable () -> Void)? = nil) {
    connection.assertOnConnectionThread()
    let (owner, call): (String, UserCommand)
    switch action {
    case .silence(let remote), .restoreSound(let remote):
      return silence(action, owner: remote, answered: answered)
    case .beginInterruption(let player): (owner, call) = (player, .remoteControl(.beginInterruption))
    case .endInterruption(let player, let shouldResume):
      (owner, call) = (player, .remoteControl(.endInterruption, [.bool(shouldResume)]))
    case .pause(let player): (owner, call) = (player, .player(.pause))
    case .play(let player): (owner, call) = (player, .player(.play))
    case .routeLost(let player):
      (owner, call) = (player, .remoteControl(.routeChanged, [.string("oldDeviceUnavailable")]))
    }
    let (path, interface, member, arguments) = (call.path, call.interface, call.member, call.arguments)
    guard let destination = BusName(rawValue: owner) else {
      answered?()
      return
    }
    logger.debug("\(member)", metadata: ["player": "\(owner)"])
    connection.call(
      destination: destination, path: path, interface: interface, member: member, arguments: arguments
    ) { [self] result in
      switch result {
      case .failure(let error):
        logger.warning(
          "a player refused the audio session's call",
          metadata: ["player": "\(owner)", "call": "\(member)", "error": "\(error.message)"])
        // The arbiter held it for paused when it asked: it is as it says it is.
        if member == PlayerMethod.pause.rawValue || member == RemoteControlMethod.routeChanged.rawValue,
          let mirror = hub.view.mirror(of: destination)
        {
          apply(.playbackStatusChanged(owner: owner, status: .init(mpris: mirror.playbackStatus)))
        }
      case .success:
        // The arbiter holds a player it paused for paused, though it may not say so (mpv-mpris
        // stays silent when mpv loses its output).
        break
      }
      answered?()
    }
  }

  /// Carries out ``SessionArbiter/Action/silence(owner:)`` or
  /// ``SessionArbiter/Action/restoreSound(owner:)`` on the remote player's streams now;
  /// `answered` runs on the view's connection thread once the sound server answered.
  private func silence(
    _ action: SessionArbiter.Action, owner: String, answered: (@Sendable () -> Void)?
  ) {
    let done: @Sendable () -> Void = { [connection] in connection.perform { answered?() } }
    if action == .restoreSound(owner: owner) {
      logger.info("giving a remote player its sound back", metadata: ["player": "\(owner)"])
      remotePlayers?.restore(owner, done: done)
    } else {
      let streams = state.withLock { $0.playerStreams.streams(of: owner) }
      logger.info("silencing a remote player", metadata: ["player": "\(owner)", "streams": "\(streams)"])
      remotePlayers?.silence(streams, of: owner, done: done)
    }
  }

  /// Hands the remote players' streams to their part: those of the silenced ones
  /// (``RemotePlayers/silence(_:of:done:)`` again: one appeared, or was matched to its player
  /// since), and those of the others (``RemotePlayers/streamsAppeared(_:of:)``). On the view's
  /// connection thread.
  func silenceNewStreams() {
    connection.assertOnConnectionThread()
    // The registry's lock is not taken under the state's.
    let remoteOwners = state.withLock { Array($0.players.keys) }.filter(isRemote).map(\.rawValue)
    let (silenced, remote) = state.withLock { state in
      let silenced = Set(state.arbiter.silenced)
      return (
        silenced.map { (owner: $0, streams: state.playerStreams.streams(of: $0)) },
        remoteOwners.filter { !silenced.contains($0) }.map {
          (owner: $0, streams: state.playerStreams.streams(of: $0))
        }
      )
    }
    for (owner, streams) in silenced where !streams.isEmpty {
      remotePlayers?.silence(streams, of: owner, done: nil)
    }
    for (owner, streams) in remote where !streams.isEmpty {
      remotePlayers?.streamsAppeared(streams, of: owner)
    }
  }
}
