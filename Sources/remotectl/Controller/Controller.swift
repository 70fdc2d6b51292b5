/// Runs requests against the session bus's MPRIS players.
enum Controller {
  /// Runs `request`.
  static func run(_ request: Request) async throws(ControlError) {
    throw ControlError("remotectl: the bus client arrives with the next step")
  }

  /// `-l/--list-all`: prints the selected players' names.
  static func listAll(choice: PlayerChoice, quiet: Bool) async throws(ControlError) {
    throw ControlError("remotectl: the bus client arrives with the next step")
  }
}
