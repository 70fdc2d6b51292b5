import DBus

extension BusAddress {
  /// The address as `MediaPlayerBus.connect(address:)` takes it: `nil` for the session bus.
  var mediaPlayerBusAddress: String? {
    switch self {
    case .session: nil
    case .system: "unix:path=/run/dbus/system_bus_socket"
    case .address(let address): address
    }
  }
}
