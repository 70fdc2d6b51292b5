/// `io.github.swift_remote_control.Bridge1`, the status of the hub's bridge (web pages and
/// programs published as MPRIS players), which `remotectl doctor` reads.
package enum Bridge1 {
  /// The interface name.
  package static let interface = "io.github.swift_remote_control.Bridge1"

  /// The interface's properties.
  package enum Property {
    /// `Endpoint` (`s`): the bridge's WebSocket URL, empty when it does not listen.
    package static let endpoint = "Endpoint"
    /// `Socket` (`s`): its Unix socket's path, empty when none.
    package static let socket = "Socket"
    /// `Reason` (`s`): why it does not listen, when it does not.
    package static let reason = "Reason"
  }
}
