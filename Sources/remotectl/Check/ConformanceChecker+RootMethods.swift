internal import RemoteControlMPRIS

extension ConformanceChecker {
  // MARK: - Raise and Quit

  /// Raise must succeed while CanRaise is true (MPRIS: a player that cannot raise says so).
  func checkRaise(_ root: [String: PropertyValue]) async -> RuleResult {
    let rule = "raise-when-can-raise"
    guard root[property: .canRaise]?.boolValue == true else {
      return .pass(rule, "CanRaise is false; Raise not called")
    }
    do {
      try await player.raise()
      return .pass(rule, "CanRaise is true and Raise succeeded")
    } catch {
      return .fail(rule, "CanRaise is true but Raise failed: \(error.name): \(error.message)")
    }
  }

  /// Quit must succeed while CanQuit is true; the player may leave the bus before it answers.
  func checkQuit(_ root: [String: PropertyValue]) async -> RuleResult {
    let rule = "quit-when-can-quit"
    guard root[property: .canQuit]?.boolValue == true else {
      return .pass(rule, "CanQuit is false; Quit not called")
    }
    do {
      try await player.quit()
      return .pass(rule, "CanQuit is true and Quit succeeded")
    } catch
      where ["NoReply", "ServiceUnknown", "Disconnected"].contains(where: { error.name.hasSuffix($0) })
    {
      return .pass(rule, "CanQuit is true and the player left the bus on Quit (\(error.name))")
    } catch {
      return .fail(rule, "CanQuit is true but Quit failed: \(error.name): \(error.message)")
    }
  }
}
