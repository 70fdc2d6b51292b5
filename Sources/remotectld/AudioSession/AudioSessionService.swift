import AudioSessionArbiter
import DBus
import Dispatch
import HubSupport
import Logging
import PlayerView
import RemoteControl
import RemoteControlMPRIS
import ServiceLifecycle
import SoundServer
import Synchronization

/// The hub as the audio session's arbiter for every player, as iOS is for every app: it watches
/// the sound server's streams and the hub's view of the players, tells ``SessionArbiter`` what
/// happens, and carries out its answers: interruptions (`BeginInterruption`/`EndInterruption`)
/// to the players built with this package, `Pause` and `Play` to the others, a lost route
/// (`RouteChanged`, or `Pause`) to those whose output went away.
///
/// Players are matched to streams by process, as WirePlumber and KDE do (``StreamMatcher``):
/// each player's process is asked of the bus when the hub first sees the player, those already
/// on the bus when it starts included; a stream belongs to a player when its process is the
/// player's or descends from it, or runs in the player's Flatpak sandbox, and, as a last guess,
/// when the names agree. Which players played on a lost sink is kept by ``RouteHistory``,
/// whatever the order in which the server reports the sink's removal and its streams' fate.
///
/// While a player plays, the hub holds off the system's sleep with a logind delay inhibitor
/// (``Logind``); when logind announces the sleep, every playing player is paused and the
/// inhibitor released once they have all answered (or after ``sleepAnswerLimit``). Without a
/// system bus, or without logind on it, the hub says so once and goes on without.
///
/// Every change is applied on the view's connection thread, where the view's changes arrive:
/// the sound server's events hop there, so the arbiter sees one order. What matching reads of
/// `/proc` (a player's sandbox, a stream's parents, a scan of every process for a sandboxed
/// stream) is read before, on a queue of its own that the events pass through in order, and
/// applied there: neither the bus thread nor the lock waits on `/proc`. Nothing runs while
/// nothing changes: no timer, libpulse sleeps on its own thread. When no sound server answers
/// (it starts after the hub, or stops), the hub tries again after 0.5 s, then twice as long each
/// time up to ``longestRetryDelay``, and sleeps in between.
final class AudioSessionService: Service, Sendable {
  /// What doctor says of a player the hub cannot match to a stream.
  struct Unmatched: Sendable, Hashable {
    var owner: String
    var reason: String
  }

  private struct State: Sendable {
    var arbiter: SessionArbiter
    /// Players told to the arbiter, and whether each is ours.
    var players: [BusName: Bool] = [:]
    /// Players whose process was asked of the bus.
    var askedProcess: Set<BusName> = []
    /// Each player's process and each stream's players.
    var playerStreams: PlayerStreams
    /// Why the sound server is not watched, when it is not.
    var soundServerProblem: String?
    /// The web remote's streams of the interrupted players.
    var interruptionStreams = ObserverList<AsyncStream<Set<String>>.Continuation>()
    /// Why logind's sleep is not followed, when it is not.
    var logindProblem: String?
    /// Whether the players are being paused for a sleep, the inhibitor still held.
    var isPreparingForSleep = false
    /// The sleep being prepared, so a late time limit ends no later one.
    var sleepGeneration: UInt64 = 0
    /// The players' answers still awaited before the sleep.
    var sleepAnswersAwaited = 0
    /// When the sleep's preparation began.
    var sleepPreparedAt: ContinuousClock.Instant?
  }

  /// The first wait before connecting to the sound server again.
  static let firstRetryDelay = Duration.milliseconds(500)
  /// The longest wait between two attempts to reach the sound server.
  static let longestRetryDelay = Duration.seconds(10)
  /// How long the players' answers are awaited before the system is let sleep: well under the
  /// 5 s logind waits for a delay inhibitor by default (`InhibitDelayMaxSec`), so that a player
  /// that never answers `Pause` does not make logind give up on the hub.
  static let sleepAnswerLimit = Duration.seconds(2)

  /// Why a player's process cannot be known.
  private struct PlayerProcessProblem: Error {
    var reason: String
  }

  let hub: Hub
  let options: AudioSessionOptions
  let logger: Logger
  /// What the hub reads of the system's processes.
  let processes: any ProcessTree
  /// logind's sleep and the delay inhibitor.
  let logind: Logind
  private let state: Mutex<State>
  /// Where `/proc` is read, one read after another, before the result hops to the view's
  /// connection thread: a sound server's events pass through it, so they keep their order.
  private let processReader = DispatchQueue(label: "remotectld.AudioSession.processes")

  /// An arbiter for `hub`'s players; nothing is watched until ``run()``.
  init(hub: Hub, options: AudioSessionOptions, logger: Logger, processes: any ProcessTree = ProcessFiles()) {
    self.hub = hub
    self.options = options
    self.logger = logger
    self.processes = processes
    self.logind = Logind(logger: logger)
    self.state = Mutex(
      State(
        arbiter: SessionArbiter(configuration: options.arbiterConfiguration),
        playerStreams: PlayerStreams(tree: processes)))
  }

  private var connection: Connection { hub.view.connection }

  // MARK: - Reading

  /// The interruption under way, `nil` when none is.
  var interruption: SessionArbiter.Interruption? { state.withLock { $0.arbiter.interruption } }

  /// Tells `continuation` the interrupted players whenever they change, until
  /// ``removeInterruptionStream(_:)`` with the token returned.
  func addInterruptionStream(_ continuation: AsyncStream<Set<String>>.Continuation) -> ObservationToken {
    state.withLock { $0.interruptionStreams.add(continuation) }
  }

  /// Stops telling the stream that `token` was returned for.
  func removeInterruptionStream(_ token: ObservationToken) {
    state.withLock { $0.interruptionStreams.remove(token) }
  }

  /// Why logind's sleep is not followed, `nil` while it is or while sleep pauses nothing.
  var logindProblem: String? { state.withLock { $0.logindProblem } }

  /// Why the sound server is not watched, `nil` while it is.
  var soundServerProblem: String? { state.withLock { $0.soundServerProblem } }

  /// How each player is matched to the sound server's streams, or why it is not, by owner.
  var matches: [PlayerStreams.Report] {
    let players = hub.view.mirrors.sorted { $0.owner.rawValue < $1.owner.rawValue }.map {
      (owner: $0.owner.rawValue, isPlaying: $0.isPlaying)
    }
    return state.withLock { state in
      state.playerStreams.reports(for: players, watchesServer: state.soundServerProblem == nil)
    }
  }

  /// Runs `body` on the players' streams, and on whether the sound server is watched, under the
  /// lock.
  func withPlayerStreams<Result: Sendable>(_ body: (PlayerStreams, _ watchesServer: Bool) -> Result) -> Result
  {
    state.withLock { body($0.playerStreams, $0.soundServerProblem == nil) }
  }

  /// The players the hub cannot match to a sound-server stream, and why.
  var unmatched: [Unmatched] {
    matches.filter { $0.how == "unmatched" }.map { Unmatched(owner: $0.owner, reason: $0.detail) }
  }

  // MARK: - Running

  /// Follows the players and the sound server (and logind's sleep) until graceful shutdown;
  /// then releases the sleep inhibitor and ends the web remote's streams of interruptions.
  func run() async throws {
    let observer = hub.view.observe { [self] change in take(change) }
    defer { hub.view.removeObserver(observer) }
    // The players already there.
    connection.perform { [self] in
      for mirror in hub.view.mirrors where mirror.isLoaded { playerLoaded(mirror.owner) }
    }
    // The sound server is watched until graceful shutdown cancels the watch.
    await cancelWhenGracefulShutdown { [self] in
      await withDiscardingTaskGroup { group in
        group.addTask { [self] in await watchSoundServer() }
        if options.pausesForSleep {
          group.addTask { [self] in await followSleep() }
        }
      }
    }
    logind.stop()
    for continuation in state.withLock({ $0.interruptionStreams }) { continuation.finish() }
  }

  /// Watches the sound server until cancelled: connects, follows it, and when no server answers
  /// or it goes away, waits (0.5 s, doubling up to ``longestRetryDelay``) and connects again.
  private func watchSoundServer() async {
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
        processReader.async { [self] in connection.perform { [self] in forgetStreams() } }
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

  /// Follows logind's `PrepareForSleep`, or says once why it cannot; logind coming onto the
  /// system bus later is followed from then on.
  private func followSleep() async {
    do throws(HubError) {
      let problem = try await logind.start { [self] starting in
        connection.perform { [self] in apply(starting ? .sleepPrepared : .woke) }
      } onPresence: { [self] isPresent in
        state.withLock { $0.logindProblem = isPresent ? nil : "logind left the system bus" }
        logger.notice(
          isPresent
            ? "logind came onto the system bus: the players are paused before the system sleeps"
            : "logind left the system bus: the players are not paused before the system sleeps")
        connection.perform { [self] in updateSleepDelay() }
      }
      guard let problem else {
        logger.info("following logind: the players are paused before the system sleeps")
        connection.perform { [self] in updateSleepDelay() }
        return
      }
      throw HubError(problem)
    } catch {
      // Unless logind came onto the bus meanwhile.
      guard !logind.isPresent else { return }
      state.withLock { $0.logindProblem = error.description }
      logger.notice(
        "not following logind's sleep: the players are not paused before the system sleeps",
        metadata: ["error": "\(error.description)"])
    }
  }

  /// Holds the sleep off while a player plays, and lets it be otherwise; left alone while the
  /// players are paused for a sleep.
  private func updateSleepDelay() {
    guard options.pausesForSleep else { return }
    let (holds, isPreparing) = state.withLock { ($0.arbiter.holdsSleepDelay, $0.isPreparingForSleep) }
    guard !isPreparing else { return }
    if holds { logind.hold() } else { logind.release() }
  }

  /// Pauses the players for the sleep (`actions`), and releases the inhibitor once each has
  /// answered, or after ``sleepAnswerLimit``.
  private func prepareForSleep(_ actions: [SessionArbiter.Action]) {
    let generation = state.withLock { state in
      state.isPreparingForSleep = true
      state.sleepGeneration += 1
      state.sleepAnswersAwaited = actions.count
      state.sleepPreparedAt = .now
      return state.sleepGeneration
    }
    logger.info("the system prepares to sleep", metadata: ["pausing": "\(actions.count) players"])
    guard !actions.isEmpty else { return readyForSleep(generation) }
    for action in actions {
      perform(action) { [self] in
        let isLast = state.withLock { state in
          guard state.sleepGeneration == generation else { return false }
          state.sleepAnswersAwaited -= 1
          return state.sleepAnswersAwaited == 0
        }
        if isLast { readyForSleep(generation) }
      }
    }
    Task { [self] in
      do {
        try await Task.sleep(for: Self.sleepAnswerLimit)
      } catch {
        // Only cancellation ends the sleep early, and nothing cancels this task.
        return
      }
      connection.perform { [self] in readyForSleep(generation, late: true) }
    }
  }

  /// The players are paused for the sleep `generation` (or some did not answer in time, when
  /// `late`): the inhibitor is released.
  private func readyForSleep(_ generation: UInt64, late: Bool = false) {
    let began = state.withLock { state -> ContinuousClock.Instant? in
      guard state.isPreparingForSleep, state.sleepGeneration == generation else { return nil }
      state.isPreparingForSleep = false
      return state.sleepPreparedAt
    }
    guard let began else { return }
    logind.release()
    logger.log(
      level: late ? .warning : .info,
      late
        ? "letting the system sleep: some players did not answer in time"
        : "the players are paused for the sleep",
      metadata: ["after": "\(ContinuousClock.now - began)"])
  }

  /// Forgets the streams of a sound server that went away; the next one numbers its own from
  /// the start.
  private func forgetStreams() {
    let indices = state.withLock { $0.playerStreams.removeAllStreams() }
    for index in indices { apply(.streamRemoved(index: index)) }
  }

  // MARK: - Requests

  /// `BeginInterruption()` (`begin` true) or `EndInterruption()` on the audio session's
  /// interface: applied at once, on the connection's thread where the call arrives, so that a
  /// read after the reply sees it.
  func request(begin: Bool) {
    apply(begin ? .interruptionRequested : .interruptionEndRequested)
  }

  /// Someone pressed play, pause, stop or play-pause on `owner` through the hub (every door
  /// tells it through ``CommandPath``): it is not resumed after the call. Applied at once when
  /// called on the connection's thread, where ``CommandPath`` sends the command.
  func userPressed(_ owner: BusName) {
    connection.run { [self] in apply(.userPressed(owner: owner.rawValue)) }
  }

  // MARK: - Events

  private func take(_ change: PlayerView.Change) {
    switch change {
    case .nameAppeared(_, let owner, let isNewPlayer) where isNewPlayer:
      askProcessID(of: owner)
    case .nameVanished(_, let owner, let lastMirror) where lastMirror != nil:
      let known = state.withLock { state -> Bool in
        state.askedProcess.remove(owner)
        state.playerStreams.playerLeft(owner.rawValue)
        return state.players.removeValue(forKey: owner) != nil
      }
      if known { apply(.playerVanished(owner: owner.rawValue)) }
    case .propertiesChanged(let owner, let interface, let names, _)
    where interface == MediaPlayerInterface.player.rawValue
      && names.contains(PlayerProperty.playbackStatus.rawValue):
      guard let mirror = hub.view.mirror(of: owner) else { return }
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

  /// Tells the arbiter of the player `owner` as its mirror is now.
  private func playerLoaded(_ owner: BusName) {
    guard let mirror = hub.view.mirror(of: owner) else { return }
    let isOurs = Self.isOurs(mirror)
    state.withLock { state in
      state.players[owner] = isOurs
      state.playerStreams.desktopEntry(Self.desktopEntry(of: mirror), of: owner.rawValue)
    }
    // A player on the bus before the hub started is first seen here.
    askProcessID(of: owner)
    apply(.playerAppeared(owner: owner.rawValue, isOurs: isOurs, status: .init(mpris: mirror.playbackStatus)))
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

  /// Asks the bus for the process of `owner`'s connection, once, and learns it (with its Flatpak
  /// sandbox, read on the process reader's queue); its streams are then matched.
  private func askProcessID(of owner: BusName) {
    guard state.withLock({ $0.askedProcess.insert(owner).inserted }) else { return }
    connection.call(
      destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
      member: "GetConnectionUnixProcessID", arguments: [.string(owner.rawValue)]
    ) { [self] result in
      let entry = hub.view.mirror(of: owner).flatMap { Self.desktopEntry(of: $0) }
      let processID: Result<Int32, PlayerProcessProblem> =
        switch result {
        case .success(let values):
          if let pid = values.first?.int64Value, pid > 0 {
            .success(Int32(truncatingIfNeeded: pid))
          } else {
            .failure(PlayerProcessProblem(reason: "the bus gave no process id for its connection"))
          }
        case .failure(let error):
          .failure(PlayerProcessProblem(reason: "the bus cannot tell its process: \(error.message)"))
        }
      processReader.async { [self] in
        // Its sandbox is read here, then learned on the connection's thread.
        let learned = processID.map { PlayerProcess(processID: $0, desktopEntry: entry, reading: processes) }
        connection.perform { [self] in learn(learned, of: owner) }
      }
    }
  }

  /// Takes in what was learned of the process of `owner`; its streams are matched again. On the
  /// view's connection thread.
  private func learn(_ learned: Result<PlayerProcess, PlayerProcessProblem>, of owner: BusName) {
    state.withLock { state in
      // The player left before the answer came.
      guard state.askedProcess.contains(owner) else { return }
      switch learned {
      case .success(let process): state.playerStreams.learned(process, of: owner.rawValue)
      case .failure(let problem): state.playerStreams.failed(owner.rawValue, reason: problem.reason)
      }
    }
    readMissingLookups()
  }

  /// Reads on the process reader's queue what matching the streams misses now (a player in a
  /// sandbox arrived after them), and matches them again with it on the connection's thread.
  private func readMissingLookups() {
    let missing = state.withLock { $0.playerStreams.takeMissingLookups() }
    guard !missing.isEmpty else { return }
    processReader.async { [self] in
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
      }
    }
  }

  /// Takes the sound server's `event` on the view's connection thread, once what matching its
  /// stream needs of `/proc` was read on the process reader's queue: every event passes through
  /// that queue, then the connection's, so they keep the server's order.
  private func receive(_ event: SoundServerEvent) {
    processReader.async { [self] in
      let found = lookUps(for: event)
      connection.perform { [self] in take(event, found: found) }
    }
  }

  /// What matching the stream of `event` needs of `/proc` and was not read yet, read now; on
  /// the process reader's queue.
  private func lookUps(for event: SoundServerEvent) -> StreamMatcher.Lookups? {
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
  /// stream then matches no player in a sandbox); on the process reader's queue.
  private func lookUp(_ needs: StreamMatcher.Needs, of process: Int32) -> StreamMatcher.Lookups {
    let found = StreamMatcher.lookUp(needs, of: process, in: processes)
    if let failure = found.scanFailure {
      logger.warning(
        "a stream's process is not looked for in sandboxes",
        metadata: ["process": "\(process)", "error": "\(failure)"])
    }
    return found
  }

  private func take(_ event: SoundServerEvent, found: StreamMatcher.Lookups?) {
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
  /// server said played on it, and those that left it just before) loses its route.
  private func routeLost(sink: UInt32, streams: [PlaybackStream]) {
    let instant = ContinuousClock.now
    let owners = state.withLock { $0.playerStreams.owners(lostWith: sink, streams: streams, at: instant) }
    logger.info(
      "an output went away", metadata: ["sink": "\(sink)", "players": "\(owners.sorted())"])
    apply(.routeLost(owners: owners))
  }

  // MARK: - Acting

  /// Tells the arbiter `event` and carries out its answer. On the view's connection thread.
  private func apply(_ event: SessionArbiter.Event) {
    let (actions, before, after) = state.withLock { state in
      let before = state.arbiter.interruption
      let actions = state.arbiter.handle(event)
      if event == .woke { state.isPreparingForSleep = false }
      return (actions, before, state.arbiter.interruption)
    }
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
  private func perform(_ action: SessionArbiter.Action, answered: (@Sendable () -> Void)? = nil) {
    let (owner, call): (String, UserCommand) =
      switch action {
      case .beginInterruption(let owner): (owner, .remoteControl(.beginInterruption))
      case .endInterruption(let owner, let shouldResume):
        (owner, .remoteControl(.endInterruption, [.bool(shouldResume)]))
      case .pause(let owner): (owner, .player(.pause))
      case .play(let owner): (owner, .player(.play))
      case .routeLost(let owner): (owner, .remoteControl(.routeChanged, [.string("oldDeviceUnavailable")]))
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
}
