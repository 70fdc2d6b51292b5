internal import DBus
internal import HubAPI

/// What the doctor says about the hub bringing back the last Now Playing app when play reaches
/// it with no player.
extension Doctor {
  /// What a play with no player would start, as the hub at `owner` says; `nil` from a hub that
  /// does not relaunch.
  static func relaunch(_ session: BusSession, owner: BusName) async -> Finding? {
    guard let relaunch = await properties(of: Relaunch1.interface, at: owner, session: session) else {
      return nil
    }
    return relaunchFinding(relaunch)
  }

  /// The finding from the relauncher's properties.
  static func relaunchFinding(_ relaunch: [String: Value]) -> Finding {
    guard relaunch[Relaunch1.Property.enabled]?.boolValue == true else {
      return Finding(
        kind: .note,
        text: "play with no player starts nothing: relaunching is off (relaunch = no, or --no-relaunch)")
    }
    let plan = relaunch[Relaunch1.Property.plan]?.stringValue ?? ""
    let last =
      relaunch[Relaunch1.Property.lastIdentity]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
      ?? relaunch[Relaunch1.Property.lastPlayer]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    guard let last, !plan.hasPrefix("nothing") else {
      return Finding(
        kind: .note,
        text: "play with no player starts \(plan.isEmpty ? "nothing" : plan)"
          + (last.map { " (the last Now Playing app was \($0))" } ?? ""))
    }
    return Finding(kind: .ok, text: "play with no player starts the last Now Playing app, \(last): \(plan)")
  }
}
