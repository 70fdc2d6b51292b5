import NowPlayingArbiter

/// An arbiter driven by short names: player `"vlc"` is `org.mpris.MediaPlayer2.vlc`, owned by the
/// connection `":1.vlc"` unless told otherwise.
struct Bench {
  var arbiter: Arbiter

  /// What the arbiter first reads from a player that appears.
  enum FirstRead {
    /// `PlaybackStatus` is `Playing`.
    case playing
    /// `PlaybackStatus` is `Paused` or `Stopped`.
    case idle
    /// Its status has not been read yet.
    case unread
  }

  /// An arbiter to which `players` have appeared, in order, each with what was first read from it.
  init(
    ignoring ignored: [String] = [], hubOwner: String? = ":1.hub",
    appearing players: KeyValuePairs<String, FirstRead> = [:]
  ) {
    arbiter = Arbiter(filter: CandidateFilter(ignoring: ignored), hubOwner: hubOwner)
    for (player, read) in players {
      switch read {
      case .playing: appear(player, playing: true)
      case .idle: appear(player, playing: false)
      case .unread: appear(player)
      }
    }
  }

  static func busName(_ player: String) -> String { "org.mpris.MediaPlayer2.\(player)" }
  static func owner(_ player: String) -> String { ":1.\(String(player.map { $0 == "." ? "_" : $0 }))" }

  /// The active player's short name, or `nil`.
  var active: String? { arbiter.nowPlaying.active.map(\.playerName) }
  /// The short names in activity order.
  var order: [String] { arbiter.nowPlaying.players.map(\.playerName) }

  @discardableResult
  mutating func appear(_ player: String, owner: String? = nil, playing: Bool? = nil) -> Bool {
    let owner = owner ?? Self.owner(player)
    var changed = arbiter.apply(.nameAppeared(busName: Self.busName(player), owner: owner))
    if let playing {
      changed =
        arbiter.apply(.playbackStatusChanged(owner: owner, isPlaying: playing, source: .read)) || changed
    }
    return changed
  }

  @discardableResult
  mutating func vanish(_ player: String, owner: String? = nil) -> Bool {
    arbiter.apply(.nameVanished(busName: Self.busName(player), owner: owner ?? Self.owner(player)))
  }

  @discardableResult
  mutating func play(_ player: String) -> Bool {
    arbiter.apply(.playbackStatusChanged(owner: Self.owner(player), isPlaying: true, source: .announced))
  }

  @discardableResult
  mutating func pause(_ player: String) -> Bool {
    arbiter.apply(.playbackStatusChanged(owner: Self.owner(player), isPlaying: false, source: .announced))
  }

  /// Each of `players` in turn plays and pauses: a history of activity, the last the latest.
  mutating func playAndPause(_ players: String...) {
    for player in players {
      play(player)
      pause(player)
    }
  }

  @discardableResult
  mutating func track(_ player: String, _ track: String?, source: Arbiter.Event.Source = .announced) -> Bool {
    arbiter.apply(.trackChanged(owner: Self.owner(player), track: track, source: source))
  }

  @discardableResult
  mutating func seek(_ player: String) -> Bool { arbiter.apply(.seeked(owner: Self.owner(player))) }

  @discardableResult
  mutating func command(_ player: String) -> Bool { arbiter.apply(.commandSent(owner: Self.owner(player))) }

  @discardableResult
  mutating func other(_ player: String, _ names: [String]) -> Bool {
    arbiter.apply(.otherPropertiesChanged(owner: Self.owner(player), names: names))
  }

  @discardableResult
  mutating func shift() -> Bool { arbiter.apply(.shift) }

  @discardableResult
  mutating func unshift() -> Bool { arbiter.apply(.unshift) }

  @discardableResult
  mutating func select(_ name: String) -> Bool { arbiter.apply(.select(name)) }
}
