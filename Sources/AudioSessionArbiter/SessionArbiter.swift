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
package struct SessionArbiter: Sendable {
  private struct Player: Sendable {
    var isOurs: Bool
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

  /// Takes `event` into account.
  ///
  /// - Returns: What the hub should do, in order.
  package mutating func handle(_ event: Event) -> [Action] {
    switch event {
    case .playerAppeared(let owner, let isOurs, let status):
      players[owner] = Player(isOurs: isOurs, status: status, order: nextOrder)
      nextOrder += 1
      return []
    case .playerVanished(let owner):
      players[owner] = nil
      interrupted.removeAll { $0 == owner }
      resumable.remove(owner)
      return []
    case .playbackStatusChanged(let owner, let status):
      guard players[owner] != nil else { return [] }
      players[owner]?.status = status
      // Playing again while the hub holds it paused: someone else's hand.
      if status == .playing { resumable.remove(owner) }
      return []
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
        guard let player = players[owner], player.status == .playing else { continue }
        // Held for paused at once: the same loss told twice (the port, then the sink) pauses once.
        players[owner]?.status = .paused
        actions.append(player.isOurs ? .routeLost(owner: owner) : .pause(owner: owner))
      }
      return actions
    case .routeArrived:
      return []
    }
  }

  /// The actions of a call beginning or ending, if the interruption started or stopped.
  private mutating func transition(from wasInterrupting: Bool) -> [Action] {
    switch (wasInterrupting, isInterrupting) {
    case (false, true):
      guard configuration.interruptsOnCalls else { return [] }
      interrupted = ordered(players.keys).filter { players[$0]?.status == .playing }
      resumable = Set(interrupted)
      var actions: [Action] = []
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
      return interrupted.compactMap { owner in
        let shouldResume = resumable.contains(owner)
        if players[owner]?.isOurs == true {
          return .endInterruption(owner: owner, shouldResume: shouldResume)
        }
        // Only one still paused: it may have stopped, or resumed itself on the server's uncork.
        return shouldResume && players[owner]?.status == .paused ? .play(owner: owner) : nil
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
