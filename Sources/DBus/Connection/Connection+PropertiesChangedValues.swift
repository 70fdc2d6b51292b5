extension Connection {
  // MARK: - Announcing values outside a declaration

  /// Emits one `org.freedesktop.DBus.Properties.PropertiesChanged` signal from `path` for
  /// `interface`, carrying `changed` as given here rather than read from exported getters, and
  /// no invalidated property.
  ///
  /// For a peer that reads, in the PropertiesChanged of an interface, a property that interface
  /// does not declare: bluetoothd reads `Identity` (MPRIS's root interface) in those of
  /// `org.mpris.MediaPlayer2.Player` (BlueZ profiles/audio/media.c `set_player_property`).
  /// ``emitPropertiesChanged(path:interface:properties:)`` is the one to use for declared
  /// properties. The signal is sent by the connection's thread without waiting; it is dropped
  /// while disconnected. When it cannot be sent, ``onUndeliveredMessage`` hears why.
  ///
  /// With a `destination` the signal is unicast: only that connection receives it (the bus
  /// daemon delivers it whatever its match rules), so one client can be told a value the others
  /// are not.
  package func emitPropertiesChanged(
    path: ObjectPath, interface: String, changed: [String: Value], to destination: BusName? = nil
  ) {
    let propertiesInterface = StandardInterface.properties
    loop.submit { state in
      do throws(BusError) {
        try state.emitSignal(
          path: path, interface: propertiesInterface, member: "PropertiesChanged",
          arguments: [.string(interface), .vardict(changed), .strings([])], destination: destination)
      } catch {
        state.loop?.reportUndeliveredMessage(
          BusError(
            error.name,
            "PropertiesChanged of \(interface) at \(path) (\(changed.keys.sorted().joined(separator: ", "))) "
              + "was not sent: \(error.message)",
            operation: error.operation, errno: error.errno))
      }
    }
  }
}
