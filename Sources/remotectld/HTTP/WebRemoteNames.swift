import DBus

/// The names of the hub's web remote interface on D-Bus, which `remotectl pair` and
/// `remotectl devices` call.
enum WebRemoteNames {
  /// The interface, at the hub's path on its bus name.
  static let interface = "io.github.swift_remote_control.WebRemote1"
  /// The hub serves no web remote (`--no-http`, or its port was taken).
  static let unavailableError: BusError.Name = "io.github.swift_remote_control.WebRemote1.Error.Unavailable"
  /// No paired device has that id.
  static let unknownDeviceError: BusError.Name =
    "io.github.swift_remote_control.WebRemote1.Error.UnknownDevice"
}
