internal import DBus
internal import HubAPI

/// What the doctor says about the system bus's MPRIS players (shairport-sync's, a system
/// spotifyd's), which the hub relays to the session bus as `NAME.system`
/// (`io.github.swift_remote_control.SystemBus1`).
extension Doctor {
  /// The system-bus finding, as the hub at `owner` says; none from a hub without the interface.
  static func systemBus(_ session: BusSession, owner: BusName) async -> [Finding] {
    guard let status = await properties(of: SystemBus1.interface, at: owner, session: session) else {
      return []
    }
    let reason = status[SystemBus1.Property.reason]?.stringValue ?? ""
    let players = (status[SystemBus1.Property.players]?.arrayElements ?? []).compactMap(\.stringValue)
    guard reason.isEmpty else { return [Finding(kind: .note, text: "system bus: \(reason)")] }
    return [
      Finding(
        kind: .ok,
        text: players.isEmpty
          ? "system bus: no MPRIS player there for the hub to relay"
          : "system bus: the hub relays \(players.map { "\($0) (as \($0).system)" }.joined(separator: ", "))")
    ]
  }
}
