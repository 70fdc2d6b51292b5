import AudioSessionArbiter
import DBus
import Dispatch
import HubCore
import HubSupport
import Logging
import PlayerView
import RemoteControl
import RemoteControlMPRIS
import SoundServer
import Synchronization

/// The sleep guard beside ``Logind``: while a player plays the hub holds off the system's sleep
/// with logind's delay inhibitor; when logind announces the sleep it pauses the playing players
/// and releases the inhibitor once they have answered and read `Paused`, or after
/// ``AudioSessionService/sleepAnswerLimit``.
extension AudioSessionService {
  /// Follows logind's `PrepareForSleep`, or says once why it cannot; logind coming onto the
  /// system bus later is followed from then on.
  func followSleep() async {
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
        state.withLock { $0.logindProblem = nil }
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
  /// players are paused for a sleep. On the view's connection thread.
  func updateSleepDelay() {
    connection.assertOnConnectionThread()
    guard options.pausesForSleep else { return }
    let (holds, isPreparing) = state.withLock { ($0.arbiter.holdsSleepDelay, $0.sleep.isPreparing) }
    guard !isPreparing else { return }
    if holds { logind.hold() } else { logind.release() }
  }

  /// Pauses the players for the sleep (`actions`), and releases the inhibitor once each has
  /// answered and none paused reads `Playing` any longer, or after ``sleepAnswerLimit``. On the
  /// view's connection thread.
  func prepareForSleep(_ actions: [SessionArbiter.Action]) {
    connection.assertOnConnectionThread()
    let generation = state.withLock { state in
      state.sleep.isPreparing = true
      state.sleep.generation += 1
      state.sleep.answersAwaited = actions.count
      state.sleep.statusAwaited = []
      state.sleep.preparedAt = .now
      return state.sleep.generation
    }
    logger.info("the system prepares to sleep", metadata: ["pausing": "\(actions.count) players"])
    guard !actions.isEmpty else { return readyForSleep(generation) }
    for action in actions {
      perform(action) { [self] in sleepCallAnswered(action, generation: generation) }
    }
    tasks.start { [self] in
      do {
        try await Task.sleep(for: Self.sleepAnswerLimit)
      } catch {
        // Cancelled: the session stops, and logind's inhibitor goes with it.
        return
      }
      connection.perform { [self] in readyForSleep(generation, late: true) }
    }
  }

  /// A player answered `action`, asked of it for the sleep `generation`: the inhibitor is
  /// released if it was the last answer awaited and no player paused still reads `Playing`; a
  /// player that answered `Pause` and still does is awaited (``sleepStatusChanged(of:to:)``). On
  /// the view's connection thread.
  private func sleepCallAnswered(_ action: SessionArbiter.Action, generation: UInt64) {
    connection.assertOnConnectionThread()
    var stillPlaying: String?
    if case .pause(let owner) = action, let name = BusName(rawValue: owner),
      SessionArbiter.Status(mpris: hub.view.mirror(of: name)?.playbackStatus) == .playing
    {
      stillPlaying = owner
    }
    let isReady = state.withLock { state in
      guard state.sleep.generation == generation else { return false }
      state.sleep.answersAwaited -= 1
      if let stillPlaying { state.sleep.statusAwaited.insert(stillPlaying) }
      return state.sleep.answersAwaited == 0 && state.sleep.statusAwaited.isEmpty
    }
    if isReady { readyForSleep(generation) }
  }

  /// The player `owner` reads `status` now (`nil`: it left the bus): one awaited for the sleep
  /// being prepared is no longer awaited unless it still reads `Playing`, and the inhibitor is
  /// released when it was the last. On the view's connection thread.
  func sleepStatusChanged(of owner: BusName, to status: String?) {
    connection.assertOnConnectionThread()
    guard SessionArbiter.Status(mpris: status) != .playing else { return }
    let generation = state.withLock { state -> UInt64? in
      guard state.sleep.isPreparing, state.sleep.statusAwaited.remove(owner.rawValue) != nil else {
        return nil
      }
      return state.sleep.answersAwaited == 0 && state.sleep.statusAwaited.isEmpty
        ? state.sleep.generation : nil
    }
    if let generation { readyForSleep(generation) }
  }

  /// The players are paused for the sleep `generation` (or some did not answer or read `Paused`
  /// in time, when `late`): the inhibitor is released. On the view's connection thread.
  func readyForSleep(_ generation: UInt64, late: Bool = false) {
    connection.assertOnConnectionThread()
    let began = state.withLock { state -> ContinuousClock.Instant? in
      guard state.sleep.isPreparing, state.sleep.generation == generation else { return nil }
      state.sleep.isPreparing = false
      return state.sleep.preparedAt
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
}
