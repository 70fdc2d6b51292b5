internal import RemoteControlMPRIS

/// Makes a command sent to playerctld reach the player playerctld names for everything that
/// happened before remotectl ran, however fast remotectl is.
///
/// playerctld (playerctl 2.4, `playerctl-daemon.c`) changes its active player in its main loop:
/// on a player's `PropertiesChanged` or `Seeked`, and for a new name only once that player has
/// answered the four `GetAll` calls playerctld sends it on `NameOwnerChanged` (until then the
/// player is "pending", and its signals are dropped). It forwards a call to whichever player is
/// active when the call is dispatched. A client that calls playerctld at once can be dispatched
/// before those answers have come back: the command reaches the player that was active before.
///
/// The wait is ordering, not time: one round trip to playerctld (`ListNames` is answered by the
/// bus; the `PlayerNames` read before this is playerctld's: once answered, playerctld has handled
/// every signal sent before it, and sent its `GetAll` calls to any new player), then a `GetAll` to
/// every player: a player answers in order, so its answers to playerctld, and every signal it sent
/// before, are on their way to playerctld ahead of remotectl's command, and the bus delivers them
/// to playerctld in that order. Only `-p playerctld` with a verb that changes something waits so.
enum PlayerctldBarrier {
  /// Waits until every player on `session` has answered one `GetAll`.
  static func wait(on session: BusSession) async {
    // A bus that does not list its names leaves nothing to wait for: the command then goes as
    // it would have without the wait.
    guard let names = try? await session.bus.players() else { return }
    _ = await session.states(of: names.filter { $0 != BusSession.playerctld })
  }
}
