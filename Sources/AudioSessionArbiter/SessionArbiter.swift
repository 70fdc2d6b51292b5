/// Decides what the hub does to the players when a call starts and ends, and when an output goes
/// away: the audio session's rule, for every player, as iOS applies it to every app.
///
/// It is a pure state machine: the hub tells it what happens (``Event``) and carries out the
/// ``Action``s it answers; it talks to no bus and no sound server itself.
///
/// ## The rule
///
/// 1. **A call interrupts every playing player.** A call is a stream whose `media.role` is one of
///    ``Configuration/callRoles`` (or an interruption someone asked for); the first call to begin
///    interrupts: a player built with this package gets ``Action/beginInterruption(owner:)`` and
///    decides itself, any other gets ``Action/pause(owner:)``. Players that do not play are left
///    alone; so is a player that starts playing during the call.
/// 2. **The end of the last call resumes only what the hub paused, and nobody touched since.**
///    A player the user pressed play, pause or stop on during the call, or that started playing
///    by someone else's hand, is not resumed: another player gets nothing, one of ours gets
///    ``Action/endInterruption(owner:shouldResume:)`` with `shouldResume` false. Players that
///    were not interrupted get nothing.
/// 3. **A lost output pauses the players that were playing on it**, ours by
///    ``Action/routeLost(owner:)`` (they pause themselves), others by ``Action/pause(owner:)``; an
///    interrupted player whose output was lost is not resumed after the call.
/// 4. **A device arriving never starts anything.**
/// 5. **Players are acted on as they are.** `Pause` goes only to a player that is `Playing`,
///    never a toggle; from then on the arbiter holds it for paused, so a second report of the
///    same loss, or a call on top of it, sends nothing more. `Play` goes only to a player the
///    hub paused that is still `Paused` when the call ends: one that plays again (its user, or
///    its own resume on the server's uncork) or stopped gets nothing. A player that pauses
///    itself on PulseAudio's cork request (VLC, GStreamer applications, ours) made neither the
///    user's press nor the hub's: a pause the arbiter did not ask for changes nothing, and the
///    resume after it is the player's own. `Pause` being idempotent, a player told it by the hub
///    and by WirePlumber at once stays paused.
/// 6. **Sleep is a system event.** While a player plays, the hub holds off the system's sleep
///    (``holdsSleepDelay``). When the system prepares to sleep (``Event/sleepPrepared``), every
///    playing player is paused: one built with this package gets
///    ``Action/beginInterruption(owner:)``, and on waking (``Event/woke``)
///    ``Action/endInterruption(owner:shouldResume:)`` with `shouldResume` false, as iOS ends an
///    interruption by a system event; any other gets ``Action/pause(owner:)``. The wake starts
///    nothing, and a call under way then resumes nobody.
/// 7. **One player plays at a time, if asked** (``Configuration/isExclusive``). A player that
///    starts playing (or appears playing, as a browser's player does) interrupts the one that was: one built with this package gets
///    ``Action/beginInterruption(owner:)`` and no end when the other stops (as an iOS app whose
///    session was interrupted by another app's hears of the end only if that app says so, which
///    no Linux player does), any other gets ``Action/pause(owner:)``. The last to start always
///    wins, however close together two starts come: both playing at once is what turning it off
///    is for. A player of ours started again gets its interruption's end (without
///    should-resume), so the next call's interruption reaches it. Players the hub itself plays
///    again after a call are no start: they interrupt nobody.
/// 8. **A remote player is silenced, never paused** (``Event/playerAppeared(owner:isOurs:status:isRemote:)``
///    with `isRemote`: AirPlay to this computer, whose sender cannot be paused from here). Its
///    start interrupts the players that play as rule 7 does, with or without exclusive playback:
///    a phone that starts playing to this computer is the user's latest action, as iOS makes
///    the AirPlay session the one that plays. Nothing of theirs is resumed when it ends (Now
///    Playing goes back to the previous player, and the user's Play resumes it). A call silences
///    every remote player for its length (``Action/silence(owner:)``, then
///    ``Action/restoreSound(owner:)``), one that starts or appears during it too; a lost output
///    it played on, a sleep, or in exclusive playback a local player's start, silences it until
///    its sender's next session (``Event/remoteSessionChanged(owner:isActive:)``). One that
///    leaves the bus while silenced gets ``Action/restoreSound(owner:)``, so that streams of a
///    process that lives on are not left muted.
package struct SessionArbiter: Sendable {
  private struct Player: Sendable {
    var isOurs: Bool
    /// Whether it plays a sender's stream from elsewhere (AirPlay): silenced, never paused.
    var isRemote: Bool
    /// Whether its sender's session is under way (remote players only).
    var isSessionActive = false
    var status: Status
    /// When it appeared, for a stable order.
    var order: UInt64
  }

  /// What the hub arbitrates.
  package var configuration: Configuration

  private var players: [String: Player] = [:]
  private var nextOrder: UInt64 = 0
  private var callStreams: Set<UInt32> = []
  private var isRequested = false
  /// The players interrupted by the call under way, in that order.
  private var interrupted: [String] = []
  /// Those of them that will be resumed.
  private var resumable: Set<String> = []
  /// Whether the system prepares to sleep, or sleeps, and has not woken yet.
  private var isSleeping = false
  /// The players of ours interrupted for the sleep, to end without should-resume on waking.
  private var sleepInterrupted: [String] = []
  /// The players of ours interrupted by another's start, in exclusive playback.
  private var exclusivelyInterrupted: Set<String> = []
  /// The players the hub has just told to play again after a call: their start is no one's.
  private var resuming: Set<String> = []
  /// The remote players silenced for the call under way.
  private var silencedForCall: Set<String> = []
  /// The remote players silenced until their sender's next session (a lost output, a sleep).
  private var silencedUntilNextSession: Set<String> = []

  /// Creates an arbiter with no players and no call.
  package init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// The interruption under way, `nil` when none is.
  package var interruption: Interruption? {
    guard isInterrupting else { return nil }
    return Interruption(
      callStreams: callStreams.sorted(), isRequested: isRequested,
      willResume: interrupted.filter { resumable.contains($0) }, interrupted: interrupted)
  }

  private var isInterrupting: Bool { !callStreams.isEmpty || isRequested }

  /// The remote players whose streams are silenced now, in the order they appeared.
  package var silenced: [String] { ordered(silencedForCall.union(silencedUntilNextSession)) }

  /// Whether the hub should hold a delay on the system's sleep now: sleep pauses players, a
  /// player plays, and the system is not already preparing to sleep. (logind's delay inhibitor,
  /// `Inhibit("sleep", …, "delay")`.)
  package var holdsSleepDelay: Bool {
    configuration.pausesForSleep && !isSleeping && players.values.contains { $0.status == .playing }
  }

  /// Takes `event` into account.
  ///
  /// - Returns: What the hub should do, in order.
  package mutating func handle(_ event: Event) -> [Action] {
    switch event {
    case .playerAppeared(let owner, let isOurs, let status, let isRemote):
      let old = players[owner]
      let wasPlaying = old?.status == .playing
      players[owner] = Player(
        isOurs: isOurs, isRemote: isRemote, isSessionActive: old?.isSessionActive ?? false, status: status,
        order: nextOrder)
      nextOrder += 1
      var actions: [Action] = []
      // A call under way silences a remote player that appears during it.
      if isRemote, isInterrupting, configuration.interruptsOnCalls {
        actions += silence(owner, forCall: true)
      } else if !isRemote, old?.isRemote == true {
        actions += restore(owner, forCall: true) + restore(owner, forCall: false)
      }
      // One that appears playing (a browser's player appears as it starts) starts.
      return actions + (status == .playing && !wasPlaying ? started(owner) : [])
    case .remoteSessionChanged(let owner, let isActive):
      guard let player = players[owner], player.isRemote, player.isSessionActive != isActive else {
        return []
      }
      players[owner]?.isSessionActive = isActive
      // Its sender's next session: what a lost output or a sleep silenced is given back.
      return isActive ? restore(owner, forCall: false) : []
    case .playerVanished(let owner):
      let wasSilenced = silencedForCall.remove(owner) != nil
      let wasSilencedUntilNextSession = silencedUntilNextSession.remove(owner) != nil
      players[owner] = nil
      interrupted.removeAll { $0 == owner }
      sleepInterrupted.removeAll { $0 == owner }
      exclusivelyInterrupted.remove(owner)
      resuming.remove(owner)
      resumable.remove(owner)
      return wasSilenced || wasSilencedUntilNextSession ? [.restoreSound(owner: owner)] : []
    case .playbackStatusChanged(let owner, let status):
      guard let player = players[owner] else { return [] }
      players[owner]?.status = status
      guard status == .playing else { return [] }
      // Playing again while the hub holds it paused: someone else's hand.
      resumable.remove(owner)
      guard player.status != .playing, resuming.remove(owner) == nil else { return [] }
      return started(owner)
    case .userPressed(let owner):
      resumable.remove(owner)
      return []
    case .streamChanged(let index, let role):
      let wasInterrupting = isInterrupting
      if let role, configuration.callRoles.contains(role) {
        callStreams.insert(index)
      } else {
        callStreams.remove(index)
      }
      return transition(from: wasInterrupting)
    case .streamRemoved(let index):
      let wasInterrupting = isInterrupting
      callStreams.remove(index)
      return transition(from: wasInterrupting)
    case .interruptionRequested:
      let wasInterrupting = isInterrupting
      isRequested = true
      return transition(from: wasInterrupting)
    case .interruptionEndRequested:
      let wasInterrupting = isInterrupting
      isRequested = false
      return transition(from: wasInterrupting)
    case .routeLost(let owners):
      guard configuration.pausesOnRouteLoss else { return [] }
      var actions: [Action] = []
      for owner in ordered(owners) {
        resumable.remove(owner)
        if players[owner]?.isRemote == true {
          actions += silence(owner, forCall: false)
          continue
        }
        guard let player = players[owner], player.status == .playing else { continue }
        // Held for paused at once: the same loss told twice (the port, then the sink) pauses once.
        players[owner]?.status = .paused
        actions.append(player.isOurs ? .routeLost(owner: owner) : .pause(owner: owner))
      }
      return actions
    case .routeArrived:
      return []
    case .sleepPrepared:
      return prepareForSleep()
    case .woke:
      guard isSleeping else { return [] }
      isSleeping = false
      defer { sleepInterrupted = [] }
      return sleepInterrupted.map { .endInterruption(owner: $0, shouldResume: false) }
    }
  }

  /// `owner` started playing: in exclusive playback, it interrupts the others that play.
  private mutating func started(_ owner: String) -> [Action] {
    var actions: [Action] = []
    // Ours, interrupted by another's start and started again: its interruption is over.
    if exclusivelyInterrupted.remove(owner) != nil {
      actions.append(.endInterruption(owner: owner, shouldResume: false))
    }
    // A remote player's start is the user's latest action, exclusive playback or not.
    guard configuration.isExclusive || players[owner]?.isRemote == true else { return actions }
    // During a call, the phone's start is the latest action too: the call's end resumes nothing.
    if players[owner]?.isRemote == true { resumable = [] }
    for other in ordered(players.keys)
    where other != owner && players[other]?.status == .playing && !interrupted.contains(other) {
      resumable.remove(other)
      if players[other]?.isRemote == true {
        // Its sender cannot be paused from here.
        players[other]?.status = .paused
        actions += silence(other, forCall: false)
        continue
      }
      if players[other]?.isOurs == true { exclusivelyInterrupted.insert(other) }
      actions.append(holdPaused(other))
    }
    return actions
  }

  /// Silences the remote `owner` for the call under way (`forCall`) or until its sender's next
  /// session; answers ``Action/silence(owner:)`` if it was not silenced yet.
  private mutating func silence(_ owner: String, forCall: Bool) -> [Action] {
    let wasSilenced = silencedForCall.contains(owner) || silencedUntilNextSession.contains(owner)
    if forCall {
      silencedForCall.insert(owner)
    } else {
      silencedUntilNextSession.insert(owner)
    }
    return wasSilenced ? [] : [.silence(owner: owner)]
  }

  /// Ends the silence of `owner` for the call (`forCall`) or until its sender's next session;
  /// answers ``Action/restoreSound(owner:)`` if nothing else keeps it silenced.
  private mutating func restore(_ owner: String, forCall: Bool) -> [Action] {
    let removed = forCall ? silencedForCall.remove(owner) : silencedUntilNextSession.remove(owner)
    guard removed != nil, !silencedForCall.contains(owner), !silencedUntilNextSession.contains(owner) else {
      return []
    }
    return [.restoreSound(owner: owner)]
  }

  /// Holds the playing `owner` for paused at once (its own announcement comes later, and a call
  /// or a lost output on top of it then sends nothing more) and answers what pauses it: an
  /// interruption for one of ours, `Pause` for any other.
  private mutating func holdPaused(_ owner: String) -> Action {
    players[owner]?.status = .paused
    return players[owner]?.isOurs == true ? .beginInterruption(owner: owner) : .pause(owner: owner)
  }

  /// Pauses every playing player for the system's sleep; nothing is resumed after it.
  private mutating func prepareForSleep() -> [Action] {
    guard configuration.pausesForSleep, !isSleeping else { return [] }
    isSleeping = true
    // A system event: the wake, or a call's end, starts nothing.
    resumable = []
    var actions: [Action] = []
    for owner in ordered(players.keys) {
      if players[owner]?.isRemote == true {
        // Whether or not it plays now: its sender may stream on when the system wakes.
        actions += silence(owner, forCall: false)
        continue
      }
      guard players[owner]?.status == .playing else { continue }
      if players[owner]?.isOurs == true { sleepInterrupted.append(owner) }
      actions.append(holdPaused(owner))
    }
    return actions
  }

  /// The actions of a call beginning or ending, if the interruption started or stopped.
  private mutating func transition(from wasInterrupting: Bool) -> [Action] {
    switch (wasInterrupting, isInterrupting) {
    case (false, true):
      guard configuration.interruptsOnCalls else { return [] }
      // Every remote player, playing or not: its sender may start during the call.
      var actions = ordered(players.keys).filter { players[$0]?.isRemote == true }.flatMap {
        silence($0, forCall: true)
      }
      interrupted = ordered(players.keys).filter {
        players[$0]?.status == .playing && players[$0]?.isRemote != true
      }
      resumable = Set(interrupted)
      for owner in interrupted {
        if players[owner]?.isOurs == true {
          actions.append(.beginInterruption(owner: owner))
        } else {
          // Held for paused at once: a lost output on top of the call sends no second Pause.
          players[owner]?.status = .paused
          actions.append(.pause(owner: owner))
        }
      }
      return actions
    case (true, false):
      defer {
        interrupted = []
        resumable = []
      }
      let restored = ordered(silencedForCall).flatMap { restore($0, forCall: true) }
      return restored
        + interrupted.compactMap { owner in
          let shouldResume = resumable.contains(owner)
          let isPaused = players[owner]?.status == .paused
          if shouldResume, isPaused || players[owner]?.isOurs == true, players[owner]?.status != .playing {
            resuming.insert(owner)
          }
          if players[owner]?.isOurs == true {
            return .endInterruption(owner: owner, shouldResume: shouldResume)
          }
          // Only one still paused: it may have stopped, or resumed itself on the server's uncork.
          return shouldResume && isPaused ? .play(owner: owner) : nil
        }
    default:
      return []
    }
  }

  /// `owners` that are known players, in the order they appeared.
  private func ordered(_ owners: some Sequence<String>) -> [String] {
    owners.compactMap { owner in players[owner].map { (owner, $0.order) } }
      .sorted { $0.1 < $1.1 }.map(\.0)
  }
}
