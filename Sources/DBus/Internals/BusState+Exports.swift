extension BusState {
  // MARK: - Exported objects

  /// Registers `object` now and after every reconnect.
  func export(_ object: ExportedObject) throws(BusError) {
    if bus != nil { try attach(object) }
    exports[object.id] = object
  }

  /// Removes an exported object.
  func unexport(id: UInt64) {
    guard let object = exports.removeValue(forKey: id) else { return }
    if let slot = object.slot { SDBus.release(slot) }
    object.slot = nil
  }

  /// Registers the vtable of `object` with sd-bus.
  func attach(_ object: ExportedObject) throws(BusError) {
    guard let bus else { return }
    object.slot = try SDBus.addObjectVTable(
      bus, path: object.path.rawValue, interface: object.interface.name,
      vtable: object.vtable.entries,
      userdata: Unmanaged.passUnretained(object).toOpaque())
  }

  /// Sends the answer to a method call and drops our reference on it.
  func answer(_ call: MessageHandle, with result: Result<[Value], BusError>, expected: Signature) {
    defer { SDBus.release(message: call) }
    guard SDBus.expectsReply(call) else { return }
    var outcome = result
    if case .success(let values) = result, Value.signature(of: values) != expected {
      outcome = .failure(
        .failed(
          "the service answered with signature \"\(Value.signature(of: values))\" where "
            + "\"\(expected)\" is declared"))
    }
    do {
      let reply: MessageHandle
      switch outcome {
      case .success(let values):
        let success = try SDBus.newMethodReturn(call)
        do {
          try Value.append(values, to: success)
          reply = success
        } catch {
          SDBus.release(message: success)
          reply = try SDBus.newMethodError(call, error)
        }
      case .failure(let error):
        reply = try SDBus.newMethodError(call, error)
      }
      defer { SDBus.release(message: reply) }
      try SDBus.send(reply)
    } catch {
      // The connection the call came on is gone; its caller sees that on its side.
    }
  }

  /// Emits PropertiesChanged for `names` of `interface` at `path`.
  func emitPropertiesChanged(path: ObjectPath, interface: String, names: [String])
    throws(BusError)
  {
    guard let bus else { return }
    try SDBus.emitPropertiesChanged(
      bus, path: path.rawValue, interface: interface, names: names)
  }

  /// Emits a signal, to every subscriber or to `destination` alone.
  func emitSignal(
    path: ObjectPath, interface: String, member: String, arguments: [Value], destination: BusName? = nil
  ) throws(BusError) {
    guard let bus else { return }
    let message = try SDBus.newSignal(
      bus, path: path.rawValue, interface: interface, member: member)
    defer { SDBus.release(message: message) }
    if let destination { try SDBus.setDestination(message, destination.rawValue) }
    try Value.append(arguments, to: message)
    try SDBus.send(message)
  }
}
