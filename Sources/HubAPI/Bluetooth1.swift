/// `io.github.swift_remote_control.Bluetooth1`, what the hub's Bluetooth part reaches: the
/// adapters bluetoothd has and those the Now Playing player is registered with
/// (`org.bluez.Media1.RegisterPlayer`), which `remotectl doctor` reads.
package enum Bluetooth1 {
  /// The interface name.
  package static let interface = "io.github.swift_remote_control.Bluetooth1"

  /// The interface's properties, none announced: a controller reads them when it asks.
  package enum Property {
    /// `Reason` (`s`): why the hub does not reach Bluetooth (no system bus, no bluetoothd); empty
    /// when it does.
    package static let reason = "Reason"
    /// `Adapters` (`as`): the adapters whose `org.bluez.Media1` the hub sees.
    package static let adapters = "Adapters"
    /// `Registered` (`as`): the adapters the Now Playing player is registered with; empty while it
    /// is not published.
    package static let registered = "Registered"
    /// `Refusals` (`a{ss}`): by adapter, what bluetoothd refused of the Now Playing player's
    /// registration there (its error) and what the hub did: registered without some properties,
    /// or not at all.
    package static let refusals = "Refusals"
  }
}
