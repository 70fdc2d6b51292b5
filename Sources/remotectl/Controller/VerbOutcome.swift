/// What a verb did on one player: whether the player could do it, and what to print.
struct VerbOutcome: Hashable, Sendable {
  /// Whether the player handled the command (playerctl moves on to the next player when not).
  var handled: Bool
  /// The text to print, newline included, when the verb prints something.
  var output: String?

  /// The player cannot do this (its `Can*` property is false, or the property is missing).
  static let skipped = VerbOutcome(handled: false, output: nil)
  /// Done, nothing to print.
  static let done = VerbOutcome(handled: true, output: nil)

  /// Done, printing `line` and a newline.
  static func printed(_ line: String) -> VerbOutcome { VerbOutcome(handled: true, output: line + "\n") }
}
