package import AudioSessionArbiter
import BlockingIOPool
package import DBus
package import HubCore
import HubSupport
package import Logging
import PlayerView
import RemoteControl
import RemoteControlMPRIS
import ServiceLifecycle
package import SoundServer
package import Synchronization

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
/// A relay that a part says is a remote player (``RemotePlayers``: its sender is elsewhere) follows
/// ``SessionArbiter``'s rule 8: its start pauses the local players as an interrupted app is
/// paused, and where a local player would be paused the part silences it, its streams found by
/// the relayed player's process, and gives its sound back after (`AudioSessionService+Relays.swift`).
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
///
/// Its parts live apart: the sound-server follower in `AudioSessionService+SoundServer.swift`,
/// the sleep guard beside ``Logind`` in `Sleep/AudioSessionService+Sleep.swift`, and the
/// arbiter's feed (the view's changes in, the players' calls out) in
/// `AudioSessionService+Arbiter.swift`; they share ``State`` under one lock.
package final class AudioSessionService: Service, Sendable {
  /// What doctor says of a player the hub cannot match to a stream.
  struct Unmatched: Sendable, Hashable {
    package var owner: String
    package var reason: String
  }

  /// What the service's parts (the sound-server follower, the sleep guard, the arbiter's feed)
  /// share, under ``state``'s lock.
  package struct State: Sendable {
    package var arbiter: SessionArbiter
    /// Players told to the arbiter, and whether each is ours.
    package var players: [BusName: Bool] = [:]
    /// Players whose process was asked of the bus.
    var askedProcess: Set<BusName> = []
    /// Each player's process and each stream's players.
    var playerStreams: PlayerStreams
    /// Why the sound server is not watched, when it is not.
    var soundServerProblem: String?
    /// The web remote's streams of the interrupted players.
    var interruptionStreams = ObserverList<AsyncStream<Set<String>>.Continuation>()
    /// Why logind's sleep is not followed, when it is not: until the hub has reached logind, it
    /// does not know that it can, and says so rather than what it hopes.
    var logindProblem: String? = "the hub has not reached logind yet"
    /// The players being paused for a sleep, if they are.
    package var sleep = SleepPreparation()
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
  struct PlayerProcessProblem: Error {
    package var reason: String
  }

  package let hub: Hub
  package let options: AudioSessionOptions
  package let logger: Logger
  /// What the hub reads of the system's processes.
  package let processes: any ProcessTree
  /// logind's sleep and the delay inhibitor.
  package let logind: Logind
  /// The remote players, which cannot be paused from here, and the hand that silences them;
  /// `nil` when no part has any.
  let remotePlayers: (any RemotePlayers)?
  /// The arbiter and what the parts know, locked for a moment at a time, never across I/O.
  package let state: Mutex<State>
  /// What the session waits for off the bus thread (a sound server's answer to a volume call,
  /// the limit on a sleep's answers): cancelled and waited for when it stops.
  let tasks = PartTasks()

  /// An arbiter for `hub`'s players, which follows logind's sleep on the hub's `systemBus` and
  /// silences `remotePlayers` where it would pause a local player; nothing is watched until
  /// ``run()``.
  package init(
    hub: Hub, options: AudioSessionOptions, systemBus: SystemBusConnection,
    remotePlayers: (any RemotePlayers)? = nil, logger: Logger, processes: any ProcessTree = ProcessFiles()
  ) {
    self.hub = hub
    self.options = options
    self.logger = logger
    self.processes = processes
    self.logind = Logind(systemBus: systemBus, logger: logger)
    self.remotePlayers = remotePlayers
    self.state = Mutex(
      State(
        arbiter: SessionArbiter(configuration: options.arbiterConfiguration),
        playerStreams: PlayerStreams(tree: processes)))
  }

  /// The view's connection, on whose thread every change is applied.
  package var connection: Connection { hub.view.connection }

  // MARK: - Reading

  /// The interruption under way, `nil` when none is.
  var interruption: SessionArbiter.Interruption? { state.withLock { $0.arbiter.interruption } }

  /// The remote players silenced now, by owner.
  var silenced: [String] { state.withLock { $0.arbiter.silenced } }

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
  package func run() async throws {
    let silencing = Task { [remotePlayers] in await remotePlayers?.run() }
    let observer = hub.view.observe { [self] change in take(change) }
    defer { hub.view.removeObserver(observer) }
    let relays = hub.relays.observe { [self] change in connection.run { [self] in take(change) } }
    defer { hub.relays.removeObserver(relays) }
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
    await tasks.stop()
    for continuation in state.withLock({ $0.interruptionStreams }) { continuation.finish() }
    // No player is left silenced behind the hub.
    remotePlayers?.finish()
    await silencing.value
  }

}
