import AudioSessionArbiter
import BlockingIOPool
import DBus
import HubCore
import HubSupport
import Logging
import PlayerView
import RemoteControl
import RemoteControlMPRIS
package import SoundServer
import Synchronization

/// The sound-server follower: the hub connects to the sound server (again, after a pause, when
/// it does not answer), reads what matching a stream needs of `/proc` on ``BlockingIO``'s thread
/// (one read after another, in the order handed over), learns each player's process from the
/// view (which asked the bus once), and hands the streams' changes to the arbiter on the view's
/// connection thread, in the server's order.
extension AudioSessionService {
  /// Watches the sound server until cancelled: connects, follows it, and when no server answers
  /// or it goes away, waits (0.5 s, doubling up to ``longestRetryDelay``) and connects again.
  func watchSoundServer() async {
    let watcher = SoundServerWatcher(server: options.server, applicationName: "remotectld")
    var delay = Self.firstRetryDelay
    while !Task.isCancelled {
      do {
        for try await event in watcher.events() {
          if case .listed = event {
            delay = Self.firstRetryDelay
            let wasProblem = state.withLock { state in
              defer { state.soundServerProblem = nil }
              return state.soundServerProblem != nil
            }
            logger.log(
              level: wasProblem ? .notice : .info, "watching the sound server",
              metadata: ["server": "\(options.server ?? "default")"])
          }
          receive(event)
        }
        return  // Cancelled.
      } catch {
        let problem = "\(error)"
        let isFirst = state.withLock { state in
          defer { state.soundServerProblem = problem }
          return state.soundServerProblem == nil
        }
        // Its streams went with it: a call under way has ended. Behind its last events.
        BlockingIO.submit { [self] in connection.perform { [self] in forgetStreams() } }
        if isFirst {
          logger.notice(
            "not watching the sound server: calls and lost outputs are not seen until it answers; `remotectl interrupt begin` still interrupts",
            metadata: ["error": "\(problem)", "retry": "from \(delay), up to \(Self.longestRetryDelay)"])
        } else {
          logger.debug("the sound server still does not answer", metadata: ["retry in": "\(delay)"])
        }
      }
      do {
        try await Task.sleep(for: delay)
      } catch {
        return
      }
      delay = min(delay * 2, Self.longestRetryDelay)
    }
  }

  /// Forgets the streams of a sound server that went away; the next one numbers its own from
  /// the start. On the view's connection thread.
  func forgetStreams() {
    connection.assertOnConnectionThread()
    let indices = state.withLock { $0.playerStreams.removeAllStreams() }
    remotePlayers?.forgetStreams()
    for index in indices { apply(.streamRemoved(index: index)) }
  }

  /// Learns the process of `owner`'s connection, once, as the view's mirror holds it (the view
  /// asked the bus as it first saw the player: ``PlayerView/Change/processIdentified(owner:)``
  /// calls this again when the answer comes), with its Flatpak sandbox, read on ``BlockingIO``'s
  /// thread; its streams are then matched. On the view's connection thread.
  ///
  /// A relay's connection is the hub's own: its process is the relayed player's, which the
  /// relays' registry read on that player's bus (``relayedProcess(of:)``), not the bus's answer
  /// here.
  func askProcessID(of owner: BusName) {
    connection.assertOnConnectionThread()
    let relayed = relayedProcess(of: owner)
    let answer = hub.view.mirror(of: owner)?.process
    // Not the view's answer yet: its processIdentified change brings it.
    guard relayed != nil || answer != nil else { return }
    guard state.withLock({ $0.askedProcess.insert(owner).inserted }) else { return }
    if let relayed {
      let entry = hub.view.mirror(of: owner).flatMap { Self.desktopEntry(of: $0) }
      BlockingIO.submit { [self] in
        let learned = relayed.map { PlayerProcess(processID: $0, desktopEntry: entry, reading: processes) }
        connection.perform { [self] in learn(learned, of: owner) }
      }
      return
    }
    guard let answer else { return }
    let entry = hub.view.mirror(of: owner).flatMap { Self.desktopEntry(of: $0) }
    let processID = answer.mapError {
      PlayerProcessProblem(reason: "the bus cannot tell its process: \($0.message)")
    }
    BlockingIO.submit { [self] in
      // Its sandbox is read here, then learned on the connection's thread.
      let learned = processID.map { PlayerProcess(processID: $0, desktopEntry: entry, reading: processes) }
      connection.perform { [self] in learn(learned, of: owner) }
    }
  }

  /// Takes in what was learned of the process of `owner`; its streams are matched again. On the
  /// view's connection thread.
  func learn(_ learned: Result<PlayerProcess, PlayerProcessProblem>, of owner: BusName) {
    connection.assertOnConnectionThread()
    state.withLock { state in
      // The player left before the answer came.
      guard state.askedProcess.contains(owner) else { return }
      switch learned {
      case .success(let process): state.playerStreams.learned(process, of: owner.rawValue)
      case .failure(let problem): state.playerStreams.failed(owner.rawValue, reason: problem.reason)
      }
    }
    readMissingLookups()
    silenceNewStreams()
  }

  /// Reads on ``BlockingIO``'s thread what matching the streams misses now (a player in a
  /// sandbox arrived after them), and matches them again with it on the connection's thread.
  func readMissingLookups() {
    connection.assertOnConnectionThread()
    let missing = state.withLock { $0.playerStreams.takeMissingLookups() }
    guard !missing.isEmpty else { return }
    BlockingIO.submit { [self] in
      let found = missing.map {
        (
          index: $0.index, process: $0.process,
          lookups: lookUp($0.needs, of: $0.process)
        )
      }
      connection.perform { [self] in
        state.withLock { state in
          for each in found { state.playerStreams.store(each.lookups, of: each.process, for: each.index) }
        }
        silenceNewStreams()
      }
    }
  }

  /// Takes the sound server's `event` on the view's connection thread, once what matching its
  /// stream needs of `/proc` was read on ``BlockingIO``'s thread: every event passes through
  /// that thread, in order, then the connection's, so they keep the server's order.
  func receive(_ event: SoundServerEvent) {
    BlockingIO.submit { [self] in
      let found = lookUps(for: event)
      connection.perform { [self] in take(event, found: found) }
    }
  }

  /// What matching the stream of `event` needs of `/proc` and was not read yet, read now; on
  /// ``BlockingIO``'s thread.
  func lookUps(for event: SoundServerEvent) -> StreamMatcher.Lookups? {
    switch event {
    case .streamAdded(let stream), .streamChanged(let stream):
      let needs = state.withLock { $0.playerStreams.missing(for: stream) }
      guard !needs.isEmpty, let process = stream.origin.processID else { return nil }
      return lookUp(needs, of: process)
    default:
      return nil
    }
  }

  /// Reads `needs` of a stream's `process`, and logs a process list that could not be read (the
  /// stream then matches no player in a sandbox); on ``BlockingIO``'s thread.
  func lookUp(_ needs: StreamMatcher.Needs, of process: Int32) -> StreamMatcher.Lookups {
    let found = StreamMatcher.lookUp(needs, of: process, in: processes)
    if let failure = found.scanFailure {
      logger.warning(
        "a stream's process is not looked for in sandboxes",
        metadata: ["process": "\(process)", "error": "\(failure)"])
    }
    return found
  }

  package func take(_ event: SoundServerEvent, found: StreamMatcher.Lookups?) {
    connection.assertOnConnectionThread()
    switch event {
    case .streamAdded(let stream), .streamChanged(let stream):
      let instant = ContinuousClock.now
      let isStale = state.withLock { !$0.playerStreams.streamChanged(stream, at: instant, found: found) }
      if isStale {
        logger.debug("news of a stream that went away", metadata: ["stream": "\(stream.index)"])
        return
      }
      // A player in a sandbox arrived between the read and now.
      readMissingLookups()
      apply(.streamChanged(index: stream.index, role: stream.role))
      silenceNewStreams()
    case .streamRemoved(let index):
      let instant = ContinuousClock.now
      state.withLock { $0.playerStreams.streamRemoved(index, at: instant) }
      apply(.streamRemoved(index: index))
    case .sinkRemoved(let sink, let streams):
      routeLost(sink: sink, streams: streams)
    case .activePortUnavailable(let sink, let streams):
      routeLost(sink: sink.index, streams: streams)
    case .sinkAdded, .activePortAvailable:
      apply(.routeArrived)
    case .listed:
      break
    }
  }

  /// The output `sink` went away: every player that played on it (its streams now, those the
  /// server said played on it, and those that left it just before) loses its route. On the
  /// view's connection thread.
  func routeLost(sink: UInt32, streams: [PlaybackStream]) {
    connection.assertOnConnectionThread()
    let instant = ContinuousClock.now
    let owners = state.withLock { $0.playerStreams.owners(lostWith: sink, streams: streams, at: instant) }
    logger.info(
      "an output went away", metadata: ["sink": "\(sink)", "players": "\(owners.sorted())"])
    apply(.routeLost(owners: owners))
  }
}
