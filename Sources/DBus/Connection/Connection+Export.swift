import Synchronization

extension Connection {
  // MARK: - Exporting objects

  /// Exports `interface` at `path`. sd-bus serves it: signature checks, introspection,
  /// `org.freedesktop.DBus.Properties` and `Peer.Ping`. Exported again after reconnects.
  ///
  /// The connection's thread registers it; the caller is suspended meanwhile, never blocked, and
  /// returns once the interface is served.
  ///
  /// Throws when the interface is malformed or already exported at that path.
  package func export(_ interface: Interface, at path: ObjectPath) async throws(BusError)
    -> Registration
  {
    try interface.validate()
    let key = ExportKey(path: path, interface: interface.name)
    let loop = self.loop
    let claimed = loop.shared.withLock { shared in
      guard shared.exported[key] == nil else { return false }
      shared.exported[key] = interface
      return true
    }
    guard claimed else {
      throw .invalidArgs("\(interface.name) is already exported at \(path)")
    }
    let withdrawal = ExportWithdrawal()
    do {
      let id = try await loop.async {
        (state, complete: @escaping @Sendable (Result<UInt64, BusError>) -> Void) in
        let object = ExportedObject(
          id: state.makeID(), path: path, interface: interface, loop: loop, withdrawal: withdrawal)
        do throws(BusError) {
          try state.export(object)
          complete(.success(object.id))
        } catch {
          complete(.failure(error))
        }
      }
      loop.shared.withLock { $0.exportIDs[key] = id }
      return Registration(id: id, path: path, interface: interface.name, loop: loop, withdrawal: withdrawal)
    } catch {
      loop.shared.withLock { $0.exported[key] = nil }
      throw error
    }
  }

  /// Emits one `org.freedesktop.DBus.Properties.PropertiesChanged` signal for `interface` at
  /// `path` carrying only `properties`: sd-bus calls their getters for the values
  /// (`emitsChange`) or lists their names (`invalidates`).
  ///
  /// Throws when a property is not declared, or is declared `.const` or `.none` (such as MPRIS
  /// `Position`), which never appear in PropertiesChanged. The signal is sent by the
  /// connection's thread without waiting; it is dropped while disconnected. When it cannot be
  /// sent (a getter throws, for one), ``onUndeliveredMessage`` hears why.
  package func emitPropertiesChanged(path: ObjectPath, interface: String, properties: [String])
    throws(BusError)
  {
    guard !properties.isEmpty else { return }
    let declared = try exportedInterface(interface, at: path)
    for name in properties {
      guard let property = declared.properties.first(where: { $0.name == name }) else {
        throw BusError(.unknownProperty, "\(interface) has no property \(name)")
      }
      guard property.isAnnounced else {
        throw .invalidArgs(
          "property \(name) is declared \(property.change): it never appears in PropertiesChanged")
      }
    }
    loop.submit { state in
      do throws(BusError) {
        try state.emitPropertiesChanged(path: path, interface: interface, names: properties)
      } catch {
        state.loop?.reportUndeliveredMessage(
          BusError(
            error.name,
            "PropertiesChanged of \(interface) at \(path) (\(properties.joined(separator: ", "))) "
              + "was not sent: \(error.message)",
            operation: error.operation, errno: error.errno))
      }
    }
  }

  /// Emits one `org.freedesktop.DBus.Properties.PropertiesChanged` signal for `interface` at
  /// `path` carrying `values`, the values the caller computed for these properties, instead of
  /// calling their getters on the connection's thread: the signal
  /// ``emitPropertiesChanged(path:interface:properties:)`` sends for the same names when the
  /// getters would read these values (each value of an `emitsChange` property in `values`'
  /// order, then the names of the `invalidates` ones), for a caller that has just computed them
  /// and would have the getters compute them again.
  ///
  /// Throws when a property is not declared, is declared `.const` or `.none` (such as MPRIS
  /// `Position`), or its value is not of its declared type. The signal is sent by the
  /// connection's thread without waiting; it is dropped while disconnected. When it cannot be
  /// sent, ``onUndeliveredMessage`` hears why.
  package func emitPropertiesChanged(
    path: ObjectPath, interface: String, values: [(name: String, value: Value)]
  ) throws(BusError) {
    guard !values.isEmpty else { return }
    let declared = try exportedInterface(interface, at: path)
    var changed: [DictionaryEntry] = []
    var invalidated: [String] = []
    for (name, value) in values {
      guard let property = declared.properties.first(where: { $0.name == name }) else {
        throw BusError(.unknownProperty, "\(interface) has no property \(name)")
      }
      switch property.change {
      case .emitsChange:
        guard value.signature == property.signature else {
          throw .invalidArgs(
            "property \(name) is declared \(property.signature), not \(value.signature)")
        }
        changed.append(DictionaryEntry(key: .string(name), value: .variant(value)))
      case .invalidates:
        invalidated.append(name)
      case .const, .none:
        throw .invalidArgs(
          "property \(name) is declared \(property.change): it never appears in PropertiesChanged")
      }
    }
    let arguments: [Value] = [
      .string(interface), .dictionary(keySignature: "s", valueSignature: "v", changed),
      .strings(invalidated),
    ]
    loop.submit { state in
      do throws(BusError) {
        try state.emitSignal(
          path: path, interface: StandardInterface.properties, member: "PropertiesChanged",
          arguments: arguments)
      } catch {
        state.loop?.reportUndeliveredMessage(
          BusError(
            error.name,
            "PropertiesChanged of \(interface) at \(path) (\(values.map(\.name).joined(separator: ", "))) "
              + "was not sent: \(error.message)",
            operation: error.operation, errno: error.errno))
      }
    }
  }

  /// Emits the declared signal `member` of `interface` from `path` with `arguments`.
  ///
  /// Throws when the signal is not declared or the arguments do not match its signature. The
  /// signal is sent by the connection's thread without waiting; it is dropped while disconnected.
  /// When it cannot be sent, ``onUndeliveredMessage`` hears why.
  package func emitSignal(
    path: ObjectPath, interface: String, member: String, arguments: [Value] = []
  ) throws(BusError) {
    let declared = try exportedInterface(interface, at: path)
    guard let signal = declared.signals.first(where: { $0.name == member }) else {
      throw .invalidArgs("\(interface) declares no signal \(member)")
    }
    let given = Value.signature(of: arguments)
    guard given == signal.signature else {
      throw .invalidArgs(
        "signal \(member) has signature \"\(signal.signature)\", the arguments are \"\(given)\"")
    }
    loop.submit { state in
      do throws(BusError) {
        try state.emitSignal(path: path, interface: interface, member: member, arguments: arguments)
      } catch {
        state.loop?.reportUndeliveredMessage(
          BusError(
            error.name, "the signal \(interface).\(member) from \(path) was not sent: \(error.message)",
            operation: error.operation, errno: error.errno))
      }
    }
  }

  private func exportedInterface(_ interface: String, at path: ObjectPath) throws(BusError)
    -> Interface
  {
    guard
      let declared = loop.shared.withLock({
        $0.exported[ExportKey(path: path, interface: interface)]
      })
    else {
      throw BusError(.unknownInterface, "\(interface) is not exported at \(path)")
    }
    return declared
  }
}
