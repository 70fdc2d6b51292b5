internal import RemoteControlMPRIS

/// What the Now Playing hub answers: the players in activity order and the active one.
///
/// The corresponding members are the `Players` and `ActivePlayer` properties of
/// `io.github.swift_remote_control.Hub1`, and the arguments of its `NowPlayingChanged` signal.
struct HubState: Sendable, Hashable {
  /// The active player's instance (`vlc`), or `nil` when there is none.
  var active: String?
  /// Every player's instance, the active one first, then in activity order.
  var players: [String]
  /// Whether the hub publishes MPRIS names of its own, and why; `nil` from a hub that does not
  /// say.
  var proxy: Proxy?

  /// The hub's `ProxyMode`, `ProxyPublished` and `ProxyReason`.
  struct Proxy: Sendable, Hashable {
    /// auto, on, playerctld or off.
    var mode: String
    /// Whether the proxy player (and playerctld's name) is published.
    var isPublished: Bool
    /// Why.
    var reason: String

    /// One line for a person: what applies and why.
    var description: String {
      (isPublished
        ? "the hub publishes the proxy player org.mpris.MediaPlayer2.remotectld"
        : "the hub publishes no proxy player, so each player shows once")
        + " (--proxy \(mode): \(reason))"
    }
  }

  /// The state the hub sent as bus names (`org.mpris.MediaPlayer2.vlc`); an empty `active`
  /// means no player.
  init(active: String, players: [String], proxy: Proxy? = nil) {
    self.active = active.isEmpty ? nil : Self.instance(active)
    self.players = players.map(Self.instance)
    self.proxy = proxy
  }

  /// `remotectl hub`: one player a line, in activity order, the active one marked with `*`.
  var listing: String {
    players.map { ($0 == active ? "* " : "  ") + $0 + "\n" }.joined()
  }

  /// `remotectl hub --follow`: one line per change, the players in activity order separated by
  /// spaces, the active one marked with `*`; an empty line when there is no player.
  var line: String {
    players.map { ($0 == active ? "*" : "") + $0 }.joined(separator: " ") + "\n"
  }

  /// `org.mpris.MediaPlayer2.vlc` → `vlc`; other names as they are.
  static func instance(_ busName: String) -> String {
    PlayerIdentity(busName: busName)?.instance ?? busName
  }
}
