import HubCore

/// The players being paused for the system's sleep: logind announced it, the hub asked the
/// playing players to pause and holds the delay inhibitor until they have answered and read
/// `Paused`.
package struct SleepPreparation: Sendable {
  /// Whether the players are being paused for a sleep, the inhibitor still held.
  var isPreparing = false
  /// The sleep being prepared, so a late time limit ends no later one.
  var generation: UInt64 = 0
  /// The players' answers still awaited before the sleep.
  var answersAwaited = 0
  /// The players that answered `Pause` and still read `Playing` (their owners): a player may
  /// answer before its `PlaybackStatus` changes (mpv-mpris does), and what reads it at the
  /// sleep (logind's other inhibitors, a desktop) would see it playing.
  var statusAwaited: Set<String> = []
  /// When the sleep's preparation began.
  var preparedAt: ContinuousClock.Instant?
}
