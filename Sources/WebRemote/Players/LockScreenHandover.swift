import Synchronization

/// Which player each paired device's page hands to its browser's Media Session ("Show on lock
/// screen"), told to the hub so that it never takes a browser's echo of that session for a
/// player.
///
/// A device's choice outlives its socket (a phone's socket drops while its lock screen still
/// shows the player, and a desktop browser's echo stays on the bus): it changes only when the
/// page says so again, or when the device is revoked.
final class LockScreenHandover: Sendable {
  private let hub: any NowPlayingSource
  private let players = Mutex<[String: String]>([:])

  /// Hands over to `hub`.
  init(hub: any NowPlayingSource) {
    self.hub = hub
  }

  /// Takes `busName` as the player the page of `deviceID` hands over (`nil`: none), and tells
  /// the hub when the set of players handed over changed.
  func set(deviceID: String, busName: String?) {
    let changed = players.withLock { players -> Set<String>? in
      let before = Set(players.values)
      players[deviceID] = busName
      let after = Set(players.values)
      return after == before ? nil : after
    }
    if let changed { hub.handOver(changed) }
  }
}
