/// The rule that orders the players a command goes to.
///
/// playerctl's rule is: with `-p`, the order of the list (`%any` standing for every player not
/// named before it); without it, the first name on the bus in alphabetical order. Ours keeps the
/// `-p` order but breaks ties the way iOS picks the Now Playing app, and as playerctld and browsers
/// do: the player that is playing now, else the one that played most recently. When nothing has
/// been followed, "most recently" is what one look tells: playing, then paused, then stopped.
/// `-i` removes players; the order decides which single player gets the command (without `-a`).
struct PlayerChoice: Sendable {
  /// The `-p/--player` patterns, in order; empty means every player.
  var players: [PlayerPattern] = []
  /// The `-i/--ignore-player` patterns.
  var ignored: [PlayerPattern] = []

  /// Whether the player instance `instance` is selected: not ignored, and named by `-p` when
  /// `-p` is given.
  func isSelected(_ instance: String) -> Bool {
    if ignored.contains(where: { $0.matches(instance) }) { return false }
    return players.isEmpty || players.contains { $0.matches(instance) }
  }

  /// The selected instances in the order commands go to them: `-p` position first, then the
  /// Now Playing rule (playing, most recently played, paused, stopped), then name.
  ///
  /// When `ranked`, `instances` are already in order of activity (playerctld's `PlayerNames`) or
  /// of the buses they were found on: the `-p` position is applied to them, and ties keep their
  /// order, as playerctl's stable sort does.
  func order(_ instances: [String], activity: [String: PlayerActivity] = [:], ranked: Bool = false)
    -> [String]
  {
    let selected = instances.filter(isSelected)
    if ranked {
      return selected.enumerated().sorted { a, b in
        let rankA = listRank(a.element)
        let rankB = listRank(b.element)
        return rankA != rankB ? rankA < rankB : a.offset < b.offset
      }.map(\.element)
    }
    return selected.sorted { a, b in
      let rankA = listRank(a)
      let rankB = listRank(b)
      if rankA != rankB { return rankA < rankB }
      let activityA = activity[a] ?? PlayerActivity(status: .stopped)
      let activityB = activity[b] ?? PlayerActivity(status: .stopped)
      if (activityA.status == .playing) != (activityB.status == .playing) {
        return activityA.status == .playing
      }
      switch (activityA.lastPlayed, activityB.lastPlayed) {
      case (let stampA?, let stampB?) where stampA != stampB: return stampA > stampB
      case (.some, nil): return true
      case (nil, .some): return false
      default: break
      }
      if activityA.status != activityB.status { return activityA.status < activityB.status }
      return a < b
    }
  }

  /// Whether `-p` names `instance` exactly (not through `%any` or as an instance's prefix), and
  /// `-i` does not ignore it: playerctl then tries that player even when it is not on the bus,
  /// so the bus can start it (D-Bus activation), as it does for `-p playerctld`.
  func namesExactly(_ instance: String) -> Bool {
    players.contains { $0.text == instance } && isSelected(instance)
  }

  /// `candidates` (each bus's players in order, the session bus's first) in `-p` order, ties
  /// keeping their order, as playerctl's stable sort of both buses' players does.
  func ranked<Candidate>(_ candidates: [Candidate], instance: (Candidate) -> String) -> [Candidate] {
    candidates.enumerated().sorted { a, b in
      let rankA = listRank(instance(a.element))
      let rankB = listRank(instance(b.element))
      return rankA != rankB ? rankA < rankB : a.offset < b.offset
    }.map(\.element)
  }

  /// Where `instance` stands in the `-p` list: the first pattern that names it, else the place of
  /// `%any`, else after everything.
  private func listRank(_ instance: String) -> Int {
    if players.isEmpty { return 0 }
    if let index = players.firstIndex(where: { !$0.isAny && $0.matches(instance) }) { return index }
    return players.firstIndex(where: \.isAny) ?? Int.max
  }
}
