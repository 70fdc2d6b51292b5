/// Where the web remote learns which players the audio session holds interrupted (a call under
/// way paused them), for the player JSON's `isInterrupted`, and where it tells of the user's
/// presses; `remotectld`'s audio session provides it.
///
/// The web remote follows ``interruptionChanges()`` while it runs: a player's interruption that
/// begins or ends reaches every client at once, whether or not the player itself changes.
package protocol PlayerInterruptions: Sendable {
  /// The players interrupted now, by the unique name of their bus connection (`:1.42`).
  func interruptedPlayers() -> Set<String>
  /// The interrupted players each time they change, from now on; the stream finishes when the
  /// audio session stops.
  func interruptionChanges() -> AsyncStream<Set<String>>
  /// The user pressed play, pause, play-pause or stop on the player whose connection is `owner`:
  /// a call's end does not undo it.
  func userPressed(_ owner: String)
}
