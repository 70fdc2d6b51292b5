/// Where the web remote learns which players the audio session holds interrupted (a call under
/// way paused them), for the player JSON's `isInterrupted`; `remotectld`'s audio session provides
/// it. (The user's presses reach the audio session with the commands themselves, through
/// ``PlayerCommands``.)
///
/// The web remote follows ``interruptionChanges()`` while it runs: a player's interruption that
/// begins or ends reaches every client at once, whether or not the player itself changes.
package protocol PlayerInterruptions: Sendable {
  /// The players interrupted now, by the unique name of their bus connection (`:1.42`).
  func interruptedPlayers() -> Set<String>
  /// The interrupted players each time they change, from now on; the stream finishes when the
  /// audio session stops.
  func interruptionChanges() -> AsyncStream<Set<String>>
}
