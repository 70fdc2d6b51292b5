/// Decides which media player is *Now Playing*: the one a media key, a lock screen or a controller
/// without a player name should reach.
///
/// On iOS the system makes the app that last started playing the Now Playing app, and it stays Now
/// Playing while paused, so the same button resumes it. This type applies that rule to the MPRIS
/// players of a desktop session. It is a pure state machine: it is told what happens on the bus as
/// ``Event``s and answers the candidates in activity order and the active player
/// (``nowPlaying``); it talks to no bus itself.
///
/// ## The rule
///
/// Candidates are every `org.mpris.MediaPlayer2.*` name except the hub itself, other proxies
/// (playerctld, phone remotes), a user's ignore list and duplicates; the active player stays while
/// it plays; otherwise the one that most recently started playing and still plays; if none plays,
/// the last active one stays (the same key resumes it), else the most recent in a history that
/// counts only starting to play, a track change, a seek, or a command sent through the hub — never
/// Position, Volume or `Can*` changes; a new player takes over only if it plays or nothing is
/// active; shift, unshift and select pin a player until it goes away or another starts playing.
///
/// In detail:
///
/// 1. **Candidates** are every `org.mpris.MediaPlayer2.*` name except the hub itself, other proxies
///    (playerctld, phone remotes), a user's ignore list and duplicates: two names of one connection
///    are one player (see ``CandidateFilter``). A browser's echo of a lock screen page or of a
///    bridged page (its own player of the same Media Session) is no candidate either
///    (``Event/echoChanged(owner:isEcho:)``, decided by ``EchoRule``). A candidate
///    told it may not be Now Playing (``Event/eligibilityChanged(owner:isEligible:)``: a Bluetooth
///    device's own player that makes no sound here) is listed last and reachable by name, but the
///    rules below never choose, pin or shift to it.
/// 2. **The active player stays while it plays.**
/// 3. Otherwise the active player is **the one that most recently started playing and still
///    plays**.
/// 4. If none plays, **the last active one stays** (the same key resumes it); if it is gone, the
///    active player is **the most recent in a history that counts only starting to play, a track
///    change, a seek, or a command sent through the hub** — never Position, Volume or `Can*`
///    changes, and never pausing or stopping. A player with no such history ranks after those with
///    one, the earliest to appear first.
/// 5. **A new player takes over only if it plays or nothing is active.**
/// 6. **Shift, unshift and select pin a player** until it goes away or another player starts
///    playing. Shift pins the player after the active one in activity order and sends the one it
///    leaves to the back; unshift pins the last one (undoing a shift); select pins the player named.
///    Each counts as a command sent through the hub to the player it pins.
///
/// The activity order (``NowPlaying/players``) lists the active player first, then the other
/// playing players, the most recent to start playing first, then the rest, the most recent in the
/// history first, and last the players shifted away from, in the order they were left: the order
/// in which the rule would choose them if every player ahead of them went away.
///
/// ## Where it differs from playerctld
///
/// playerctld makes a new player active, even an idle one (playerctld 2.4.1 exempts players that
/// export a TrackList); counts any property change,
/// pausing included, as activity (playerctl#242); and lets a player that merely changed something
/// win over one that plays (#222, #159, #284). Here an idle newcomer waits its turn, pausing is
/// not activity, and a playing player always wins over a paused one unless the user pinned one.
package struct Arbiter: Sendable {
  /// Which bus names are candidates.
  package var filter: CandidateFilter
  /// The hub's own unique connection name (`:1.42`): every name it owns is left out. Set it
  /// again after the hub reconnects.
  package var hubOwner: String?
  /// Whether a player becomes a candidate only once its `PlaybackStatus` is known: set while an
  /// echo may appear (a lock screen page hands a player over), so that an echo is recognised
  /// from its first properties before it is ever listed.
  package private(set) var holdsUnreadPlayers = false

  /// The result of the rule: the active player and the candidates in activity order.
  package private(set) var nowPlaying = NowPlaying(active: nil, players: [])

  private var records: [String: PlayerRecord] = [:]
  /// The connections that are echoes (see ``EchoRule``): kept, never candidates.
  private var echoes: Set<String> = []
  /// The connections that may not be Now Playing (``Event/eligibilityChanged(owner:isEligible:)``):
  /// listed last, never active.
  private var ineligible: Set<String> = []
  private var active: String?
  private var pinned: String?
  private var clock: UInt64 = 0
  /// What was known before the bus restarted, by bus name: a player back under one of its
  /// names gets its history back.
  private var remembered: [String: PlayerRecord] = [:]
  /// The bus names of the players that were active and pinned before the bus restarted.
  private var rememberedActive: String?
  private var rememberedPinned: String?
  /// The clock when the bus last restarted.
  private var reconnectedAt: UInt64 = 0

  /// Creates an arbiter with no players.
  ///
  /// - Parameters:
  ///   - filter: Which bus names are candidates.
  ///   - hubOwner: The hub's own unique connection name, whose names are never candidates.
  package init(filter: CandidateFilter = CandidateFilter(), hubOwner: String? = nil) {
    self.filter = filter
    self.hubOwner = hubOwner
  }

  // MARK: - Events

  /// Applies `event` and the rule.
  ///
  /// - Returns: Whether the active player or the activity order changed.
  @discardableResult
  package mutating func apply(_ event: Event) -> Bool {
    let before = nowPlaying
    switch event {
    case .nameAppeared(let busName, let owner): nameAppeared(busName, owner: owner)
    case .nameVanished(let busName, let owner): nameVanished(busName, owner: owner)
    case .playbackStatusChanged(let owner, let isPlaying, let source):
      playbackStatusChanged(owner: owner, isPlaying: isPlaying, source: source)
    case .trackChanged(let owner, let track, let source):
      trackChanged(owner: owner, track: track, source: source)
    case .seeked(let owner), .commandSent(let owner):
      stamp(owner)
    case .otherPropertiesChanged:
      // Position, Volume, Can* and the like are never activity.
      break
    case .echoChanged(let owner, let isEcho): setAside(owner, if: isEcho, for: \.echoes)
    case .eligibilityChanged(let owner, let isEligible): setAside(owner, if: !isEligible, for: \.ineligible)
    case .holdUnreadPlayers(let holds): holdsUnreadPlayers = holds
    case .shift: shift()
    case .unshift: unshift()
    case .select(let name): select(name)
    }
    settle()
    return nowPlaying.active?.busName != before.active?.busName
      || nowPlaying.players.map(\.busName) != before.players.map(\.busName)
  }

  /// The candidate that owns `name`, given as a bus name (`org.mpris.MediaPlayer2.vlc`), a
  /// player name (`vlc`) or a unique connection name (`:1.42`); `nil` when none does.
  package func candidate(named name: String) -> Candidate? {
    if let record = records[name] { return isCandidate(record) ? record.candidate : nil }
    let busName = name.hasPrefix(CandidateFilter.mprisPrefix) ? name : CandidateFilter.mprisPrefix + name
    return records.values.first { $0.names.contains(busName) && isCandidate($0) }?.candidate
  }

  /// Whether a known player is a candidate now: not an echo, and read if unread players are
  /// held.
  private func isCandidate(_ record: PlayerRecord) -> Bool {
    !echoes.contains(record.owner) && (!holdsUnreadPlayers || record.isStatusKnown || record.isRestored)
  }

  /// Starts again after the bus restarted, with `hubOwner` as the hub's new unique name.
  ///
  /// Every unique name changed, so every player is forgotten as a connection; but its history
  /// (when it appeared, started playing, had activity or was shifted away from, its track) is
  /// remembered by its bus names, and a player that comes back under one of them gets it back,
  /// with its place as the active or pinned player unless another player started playing since.
  /// What is remembered is what was known at the latest restart: it never grows past the players
  /// there were.
  ///
  /// - Returns: Whether the active player or the activity order changed (it did if there was
  ///   any player).
  @discardableResult
  package mutating func reconnected(hubOwner: String) -> Bool {
    let before = nowPlaying
    self.hubOwner = hubOwner
    remembered = [:]
    for record in records.values {
      for name in record.names { remembered[name] = record }
    }
    rememberedActive = active.flatMap { records[$0]?.names.first }
    rememberedPinned = pinned.flatMap { records[$0]?.names.first }
    records = [:]
    echoes = []
    ineligible = []
    active = nil
    pinned = nil
    reconnectedAt = tick()
    settle()
    return nowPlaying != before
  }

  // MARK: - Names

  private mutating func nameAppeared(_ busName: String, owner: String) {
    guard owner != hubOwner, filter.admits(busName) else { return }
    if records[owner] == nil {
      if let old = remembered[busName] {
        records[owner] = PlayerRecord(owner: owner, restoring: old)
        for name in old.names { remembered[name] = nil }
        restorePlace(of: old, as: owner)
      } else {
        records[owner] = PlayerRecord(owner: owner, appeared: tick())
      }
    }
    records[owner]?.add(busName)
  }

  /// Gives a player back after a bus restart its place as the active or pinned player, unless
  /// another player started playing since.
  private mutating func restorePlace(of old: PlayerRecord, as owner: String) {
    let anotherPlays = records.values.contains { $0.owner != owner && $0.startedOrZero > reconnectedAt }
    if let name = rememberedActive, old.names.contains(name) {
      rememberedActive = nil
      if !anotherPlays { active = owner }
    }
    if let name = rememberedPinned, old.names.contains(name) {
      rememberedPinned = nil
      if !anotherPlays { pinned = owner }
    }
  }

  private mutating func nameVanished(_ busName: String, owner: String) {
    guard var record = records[owner] else { return }
    record.remove(busName)
    records[owner] = record.names.isEmpty ? nil : record
    if records[owner] == nil {
      echoes.remove(owner)
      ineligible.remove(owner)
    }
  }

  /// Puts `owner` in the set of one `reason` to set a player aside (``echoes``, ``ineligible``)
  /// and sets it aside, or takes it out of that set and readmits it; nothing when it is already
  /// where `isSetAside` says.
  private mutating func setAside(
    _ owner: String, if isSetAside: Bool, for reason: WritableKeyPath<Arbiter, Set<String>>
  ) {
    guard isSetAside != self[keyPath: reason].contains(owner) else { return }
    if isSetAside {
      self[keyPath: reason].insert(owner)
      setAside(owner)
    } else {
      self[keyPath: reason].remove(owner)
      readmitted(owner)
    }
  }

  /// `owner` may no longer be Now Playing (an echo, or a player that plays nothing here): it
  /// loses its pin and its place.
  private mutating func setAside(_ owner: String) {
    if pinned == owner { pinned = nil }
    if active == owner { active = nil }
  }

  /// `owner` may be Now Playing again: what it plays has just started playing, as far as the
  /// rule saw.
  private mutating func readmitted(_ owner: String) {
    guard var record = records[owner], record.isPlaying else { return }
    let now = tick()
    record.started = now
    record.activity = now
    records[owner] = record
    pinned = nil
  }

  // MARK: - Activity

  private mutating func playbackStatusChanged(owner: String, isPlaying: Bool, source: Event.Source) {
    guard var record = records[owner] else { return }
    if source == .read && record.isStatusKnown { return }
    // A player back after a bus restart that still plays did not start playing again.
    let starts = isPlaying && !((record.isStatusKnown || record.isRestored) && record.isPlaying)
    record.isStatusKnown = true
    record.isRestored = false
    record.isPlaying = isPlaying
    if starts {
      let now = tick()
      record.started = now
      record.activity = now
      if pinned != owner { pinned = nil }
    }
    records[owner] = record
  }

  private mutating func trackChanged(owner: String, track: String?, source: Event.Source) {
    guard var record = records[owner] else { return }
    if record.isTrackKnown {
      guard source == .announced, record.track != track else { return }
      record.activity = tick()
    }
    record.isTrackKnown = true
    record.track = track
    records[owner] = record
  }

  // MARK: - Pinning

  private mutating func shift() {
    let order = nowPlaying.players.filter { !ineligible.contains($0.owner) }
    guard order.count > 1 else { return }
    let now = tick()
    records[order[0].owner]?.shiftedAway = now
    pin(order[1].owner)
  }

  private mutating func unshift() {
    guard let last = nowPlaying.players.last(where: { !ineligible.contains($0.owner) }) else { return }
    pin(last.owner)
  }

  private mutating func select(_ name: String) {
    guard let chosen = candidate(named: name), !ineligible.contains(chosen.owner) else { return }
    pin(chosen.owner)
  }

  private mutating func pin(_ owner: String) {
    pinned = owner
    stamp(owner)
    records[owner]?.shiftedAway = nil
  }

  /// Enters `owner` in the history, if it is a candidate.
  private mutating func stamp(_ owner: String) {
    guard let record = records[owner], isCandidate(record) else { return }
    let now = tick()
    records[owner]?.activity = now
  }

  // MARK: - The rule

  private mutating func settle() {
    let listed = records.filter { isCandidate($0.value) }
    // Only the eligible may be active; the others are listed after them.
    let candidates = listed.filter { !ineligible.contains($0.key) }
    if let owner = pinned, candidates[owner] == nil { pinned = nil }
    if let owner = active, candidates[owner] == nil { active = nil }
    if let owner = pinned {
      active = owner
    } else if let owner = active, candidates[owner]?.isPlaying == true {
      // The active player stays while it plays.
    } else if let playing = candidates.values.filter(\.isPlaying).max(by: {
      $0.startedOrZero < $1.startedOrZero
    }) {
      active = playing.owner
    } else if let owner = active, candidates[owner] != nil {
      // None plays: the last active one stays.
    } else {
      active = candidates.values.sorted(by: PlayerRecord.ranksBefore).first?.owner
    }
    let first = active.flatMap { candidates[$0] }
    let rest =
      candidates.values.filter { $0.owner != active }.sorted(by: PlayerRecord.ranksBefore)
      + listed.values.filter { ineligible.contains($0.owner) }.sorted(by: PlayerRecord.ranksBefore)
    nowPlaying = NowPlaying(
      active: first?.candidate, players: ((first.map { [$0] } ?? []) + rest).map(\.candidate))
  }

  private mutating func tick() -> UInt64 {
    clock += 1
    return clock
  }
}
