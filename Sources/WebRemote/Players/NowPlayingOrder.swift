/// The hub's players in activity order and which one is Now Playing, by bus name.
///
/// The corresponding iOS notion is the system's Now Playing app: the one whose info the lock
/// screen shows and that remote control events reach.
package struct NowPlayingOrder: Sendable, Hashable {
  /// The players' bus names (`org.mpris.MediaPlayer2.…`), the most recently active first.
  package var players: [String]
  /// The Now Playing player's bus name, or `nil` when there is none.
  package var nowPlaying: String?

  /// Creates an order.
  package init(players: [String], nowPlaying: String?) {
    self.players = players
    self.nowPlaying = nowPlaying
  }
}
