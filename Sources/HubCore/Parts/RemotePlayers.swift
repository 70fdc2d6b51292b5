package import DBus

/// What a part tells the audio session of its *remote* players, and how it silences them: a
/// remote player plays what a sender elsewhere streams here (AirPlay to this computer, its sender
/// a phone), so the hub cannot pause it; where the audio session would pause a local player it
/// silences a remote one, and gives its sound back after (`SessionArbiter`'s rule 8). How to
/// silence one (mute its streams, end its sender's session) is the part's to know.
///
/// The AirPlay part implements it, and remotectld hands it to the audio session part, which
/// calls it from the hub's bus thread; the audio session never knows what kind of player is
/// remote. Remote players are relays (``RelayRegistry``): what changes of them comes as the
/// registry's changes.
package protocol RemotePlayers: Sendable {
  /// Whether the session player `owner` is a remote player.
  func isRemote(_ owner: BusName) -> Bool

  /// Whether a sender streams to the remote player `owner` now (its session is under way).
  func sessionIsActive(_ owner: BusName) -> Bool

  /// What `change` of the relays changed of a remote player; `nil` when nothing the audio
  /// session follows.
  func change(in change: RelayRegistry.Change) -> RemotePlayerChange?

  /// Silences the remote player `owner`, whose streams on the sound server are `streams` now
  /// (called again with the same player when more of its streams appear); `done` runs once the
  /// sound server answered, or failed to.
  func silence(_ streams: [UInt32], of owner: String, done: (@Sendable () -> Void)?)

  /// Gives the remote player `owner` back the sound ``silence(_:of:done:)`` took; `done` runs
  /// once the sound server answered, or failed to.
  func restore(_ owner: String, done: (@Sendable () -> Void)?)

  /// The streams of `owner`, a remote player not silenced now, appeared or changed.
  func streamsAppeared(_ streams: [UInt32], of owner: String)

  /// The sound server went away with its streams: the next one numbers its own from the start.
  func forgetStreams()

  /// Carries out the silences, in the order asked, until ``finish()``: the audio session runs it
  /// while it runs.
  func run() async

  /// Gives back every sound taken, then ends ``run()``: the hub stops, and leaves no player
  /// silenced behind it.
  func finish()
}

/// What one change of the relays changed of a remote player (``RemotePlayers/change(in:)``).
package struct RemotePlayerChange: Sendable, Hashable {
  /// Whether it became a remote player, or stopped being one.
  package var isRemoteChanged: Bool
  /// Its sender's session began (`true`) or ended (`false`); `nil` when that did not change.
  package var sessionIsActive: Bool?

  package init(isRemoteChanged: Bool, sessionIsActive: Bool?) {
    self.isRemoteChanged = isRemoteChanged
    self.sessionIsActive = sessionIsActive
  }
}
