/// Where the web remote learns the hub's order of players and Now Playing player, and how it
/// makes another player Now Playing; `remotectld` provides it from its arbiter.
package protocol NowPlayingSource: Sendable {
  /// The order now.
  func currentOrder() -> NowPlayingOrder
  /// Every order from now on, as it changes; the stream finishes when the hub stops.
  func orderChanges() -> AsyncStream<NowPlayingOrder>
  /// Makes the player with the bus name `busName` Now Playing (the hub's `Select`), or throws
  /// an ``APIError`` that says why not.
  func select(busName: String) async throws(APIError)
  /// Takes `busNames` as the players that pages hand to their browser's W3C Media Session now
  /// (empty: none), so that a browser's echo of them is never taken for a player.
  func handOver(_ busNames: Set<String>)
  /// Whether the player whose connection has the unique name `owner` is one the hub relays from
  /// the system bus (`org.mpris.MediaPlayer2.NAME.system`), which the page marks as such.
  func isSystemBusPlayer(owner: String) -> Bool
}

extension NowPlayingSource {
  /// Does nothing: a source without echoes to tell apart.
  package func handOver(_ busNames: Set<String>) {}

  /// `false`: a source that relays no player from the system bus.
  package func isSystemBusPlayer(owner: String) -> Bool { false }
}
