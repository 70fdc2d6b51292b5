/// One thing the doctor found: fine, a problem with its fix, or a note.
struct Finding: Hashable, Sendable {
  /// How it bears on events reaching the player.
  enum Kind: String, Sendable {
    /// Nothing wrong here.
    case ok = "ok"
    /// A reason events do not arrive.
    case problem = "PROBLEM"
    /// Worth knowing; not a fault.
    case note = "note"
  }

  /// The verdict.
  var kind: Kind
  /// What was looked at and what was seen.
  var text: String
  /// What to do about a problem.
  var fix: String?

  /// The finding as one line: `ok    …`, `PROBLEM …  → fix: …`.
  var line: String {
    let label = kind.rawValue + String(repeating: " ", count: max(1, 8 - kind.rawValue.count))
    return label + text + (fix.map { " → fix: " + $0 } ?? "")
  }
}
