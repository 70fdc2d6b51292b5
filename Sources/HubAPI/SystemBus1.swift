/// `io.github.swift_remote_control.SystemBus1`, what the hub's system-bus part reaches: the MPRIS
/// players on the system bus it relays to the session bus, which `remotectl doctor` reads.
package enum SystemBus1 {
  /// The interface name.
  package static let interface = "io.github.swift_remote_control.SystemBus1"

  /// The interface's properties, none announced: a controller reads them when it asks.
  package enum Property {
    /// `Reason` (`s`): why the hub does not reach the system bus's players (no system bus); empty
    /// when it does.
    package static let reason = "Reason"
    /// `Players` (`as`): the system bus's MPRIS players the hub relays, by their name on the
    /// system bus.
    package static let players = "Players"
  }
}
