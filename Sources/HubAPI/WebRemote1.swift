package import DBus

/// `io.github.swift_remote_control.WebRemote1`, the hub's web remote as `remotectl pair`,
/// `remotectl devices` and `remotectl doctor` reach it.
package enum WebRemote1 {
  /// The interface name.
  package static let interface = "io.github.swift_remote_control.WebRemote1"

  /// The interface's methods.
  package enum Method {
    /// `Pair() → (s code, s url, u seconds)`: a one-time pairing code and its link.
    package static let pair = "Pair"
    /// `Devices() → a(ssxx)`: the paired devices.
    package static let devices = "Devices"
    /// `Revoke(s id)`: forgets a paired device.
    package static let revoke = "Revoke"
  }

  /// The interface's properties.
  package enum Property {
    /// `URLs` (`as`): where the web remote is served.
    package static let urls = "URLs"
    /// `Reason` (`s`): why it is not, when it is not.
    package static let reason = "Reason"
  }

  /// The interface's errors.
  package enum ErrorName {
    /// The hub serves no web remote (`--no-http`, or its port was taken).
    package static let unavailable: BusError.Name =
      "io.github.swift_remote_control.WebRemote1.Error.Unavailable"
    /// No paired device has that id.
    package static let unknownDevice: BusError.Name =
      "io.github.swift_remote_control.WebRemote1.Error.UnknownDevice"
  }
}
