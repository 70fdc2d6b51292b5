extension BusState {
  // MARK: - Names

  /// Remembers `name` so it is requested again after a reconnect.
  func rememberName(_ name: BusName, flags: UInt32) {
    ownedNames.removeAll { $0.name == name }
    ownedNames.append((name, flags))
  }

  /// Forgets a released name.
  func forgetName(_ name: BusName) {
    ownedNames.removeAll { $0.name == name }
  }

  /// Requests a name synchronously (used only while re-registering after a reconnect).
  func requestNameNow(_ bus: BusHandle, _ name: BusName, flags: UInt32) throws(BusError)
    -> UInt32
  {
    let message = try SDBus.newMethodCall(
      bus, destination: BusName.bus.rawValue, path: "/org/freedesktop/DBus",
      interface: "org.freedesktop.DBus", member: "RequestName")
    defer { SDBus.release(message: message) }
    try Value.append([.string(name.rawValue), .uint32(flags)], to: message)
    let reply = try SDBus.call(bus, message, timeoutMicroseconds: 0)
    defer { SDBus.release(message: reply) }
    guard case .uint32(let result) = try Value.readNext(from: reply) else { return 0 }
    return result
  }
}
