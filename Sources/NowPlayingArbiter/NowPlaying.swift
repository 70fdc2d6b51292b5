/// The rule's answer: the Now Playing player and every candidate in activity order.
package struct NowPlaying: Sendable, Hashable {
  /// The player media keys and controllers reach, or `nil` when there is no candidate.
  package var active: Candidate?
  /// Every candidate, the active one first, then in the order the rule would choose them if
  /// every player ahead of them went away.
  package var players: [Candidate]

  /// Creates an answer.
  package init(active: Candidate?, players: [Candidate]) {
    self.active = active
    self.players = players
  }
}
