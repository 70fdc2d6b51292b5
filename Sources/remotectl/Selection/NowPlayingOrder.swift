internal import RemoteControlMPRIS

/// The selected players on the session bus in the order a one-shot command goes to them: the
/// `-p` order, else the Now Playing hub's choice when a hub runs, else (without playerctld, whose
/// `PlayerNames` is its own record) the player ``PlayerHistory`` says played last, then
/// ``PlayerChoice``'s rule. The verbs the ``Controller`` does not run (the extension's, the
/// queue's, `check`, `doctor`) choose by it, so every verb reaches the same player.
struct NowPlayingOrder: Sendable {
  /// The selected instances that answered, in order.
  var instances: [String]
  /// Their player interface's properties.
  var states: [PlayerIdentity: PlayerState]
  /// The hub's choice, when the first is first because the hub chose it.
  var hubChoice: String?
  /// What each player's status was, for the record.
  var activity: [String: PlayerActivity]
  /// remotectl's record, as read.
  var record: PlayerHistory.Update

  /// The order for `choice` on `session`.
  ///
  /// - Parameter named: The user named the player: look among every MPRIS name on the bus, even
  ///   those a running playerctld (or a hub answering for it) leaves out of its `PlayerNames`,
  ///   such as the hub's own proxy player.
  static func find(_ choice: PlayerChoice, session: BusSession, named: Bool = false)
    async throws(ControlError)
    -> NowPlayingOrder
  {
    let list: PlayerList
    if named {
      list = PlayerList(identities: try await session.playersByName(choice), isPlayerctldOrder: false)
    } else {
      list = try await session.players()
    }
    let identities = list.identities.filter { choice.isSelected($0.instance) }
    let states = await session.states(of: identities)
    let activity = states.reduce(into: [String: PlayerActivity]()) {
      $0[$1.key.instance] = PlayerActivity($1.value)
    }
    let record = PlayerHistory.Update(previous: PlayerHistory.read())
    var instances = choice.order(
      identities.filter { states[$0] != nil }.map(\.instance),
      activity: list.isPlayerctldOrder ? activity : record.previous.stamping(activity),
      ranked: list.isPlayerctldOrder)
    var hubChoice: String?
    if choice.players.isEmpty, !instances.isEmpty,
      let active = await HubClient(session: session).activePlayer()
    {
      instances = HubChoice.order(instances, choice: choice, active: active)
      if instances.first == active { hubChoice = active }
    }
    return NowPlayingOrder(
      instances: instances, states: states, hubChoice: hubChoice, activity: activity, record: record)
  }

  /// Notes in the record what this run saw, and the players a command went to.
  func note(commandedTo instances: [String]) {
    record.update(seen: activity, commandedTo: instances)
  }
}
