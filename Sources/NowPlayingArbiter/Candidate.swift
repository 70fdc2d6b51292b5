/// A player the rule can choose: one connection on the bus, named by one of its MPRIS bus names.
package struct Candidate: Sendable, Hashable {
  /// The bus name that stands for it (`org.mpris.MediaPlayer2.vlc`): the shortest of its
  /// candidate names.
  package var busName: String
  /// The unique name of its connection (`:1.42`).
  package var owner: String
  /// Whether its MPRIS `PlaybackStatus` is `Playing`.
  package var isPlaying: Bool

  /// Creates a candidate.
  package init(busName: String, owner: String, isPlaying: Bool) {
    self.busName = busName
    self.owner = owner
    self.isPlaying = isPlaying
  }

  /// The player name: the bus name without `org.mpris.MediaPlayer2.` (`vlc`), as playerctl
  /// names players.
  package var playerName: String {
    busName.hasPrefix(CandidateFilter.mprisPrefix)
      ? String(busName.dropFirst(CandidateFilter.mprisPrefix.utf8.count)) : busName
  }
}
