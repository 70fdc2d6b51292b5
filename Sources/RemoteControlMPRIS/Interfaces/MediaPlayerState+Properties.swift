import DBus
import RemoteControl

extension MediaPlayerState {
  /// The vtable's properties of `interface`, from its table: a read copies the value computed at
  /// the last change (or the fixed value, or computes it, for the properties computed at each
  /// read); a write checks
  /// `CanControl`, turns the value into a command and delivers it with `dispatcher`.
  func interfaceProperties(_ interface: MediaPlayerInterface, dispatcher: EventDispatcher) -> [Interface
    .Property]
  {
    let table = Self.tableIndex(interface)
    var slot = 0
    return tables[table].entries.map { entry in
      let getter: @Sendable () throws(BusError) -> Value
      switch entry.reading {
      case .model:
        let index = slot
        slot += 1
        getter = { self.value(table: table, slot: index) }
      case .fixed(let value):
        getter = { value }
      case .onRead(let value):
        let nowPlaying = nowPlaying
        getter = { value(nowPlaying) }
      }
      return Interface.Property(
        entry.name, entry.signature, change: entry.change, get: getter,
        set: entry.write.map { write in setter(entry.name, write, dispatcher: dispatcher) })
    }
  }

  /// The setter the vtable declares, which makes the property writable in introspection.
  ///
  /// Writes are taken first by ``takeWrite(_:dispatcher:)`` (installed with the interfaces), which
  /// answers once the app has handled them; this setter only runs if that handler is not there,
  /// and then delivers the command without waiting for its outcome.
  private func setter(
    _ name: String, _ write: @escaping PropertyTable.Entry.Write, dispatcher: EventDispatcher
  )
    -> @Sendable (Value, BusName?) throws(BusError) -> Void
  {
    { (newValue: Value, sender: BusName?) throws(BusError) in
      let command = try self.command(name, write, for: newValue)
      dispatcher.deliver(command, from: sender?.rawValue ?? "")
    }
  }

  /// The command a write of `name` asks for, or the error that refuses it: `PropertyReadOnly`
  /// when `CanControl` is false, `InvalidArgs` saying what is wrong with the value.
  private func command(_ name: String, _ write: PropertyTable.Entry.Write, for value: Value) throws(BusError)
    -> RemoteControlEvent.Command
  {
    guard configuration.canControl else {
      throw BusError(.propertyReadOnly, "\(name) cannot be set: CanControl is false")
    }
    do throws(RequestRefusal) {
      return try write(value.unwrappingVariants, model)
    } catch {
      throw BusError.invalidArgs(error.message)
    }
  }

  /// Takes a `Properties.Set` call on one of the player's writable properties and answers it
  /// once the application has handled the command it asks for, as a method call is answered:
  /// an empty reply when a target or responder carried it out, and otherwise the D-Bus error of
  /// its outcome (``RemoteControlEventOutcome/busError(for:)``: not receiving, nothing handled
  /// it, or the handler's status and message). A value of the wrong type or out of range is
  /// refused at once with `InvalidArgs`.
  ///
  /// Because the app's handler has run (and its command center or Now Playing info changed, on
  /// the main actor, before the answer), a `Get` sent after the reply reads the new value.
  ///
  /// - Returns: `false`, leaving the write to sd-bus, for interfaces and properties the player
  ///   does not declare writable (sd-bus then answers with its usual error).
  func takeWrite(_ write: PropertyWrite, dispatcher: EventDispatcher) -> Bool {
    guard let interface = MediaPlayerInterface(rawValue: write.interface),
      let entry = tables[Self.tableIndex(interface)].entries.first(where: { $0.name == write.property }),
      let convert = entry.write
    else { return false }
    guard write.value.signature == entry.signature else {
      write.fail(
        .invalidArgs(
          "\(write.property) takes a value of type \(entry.signature), not \(write.value.signature)"))
      return true
    }
    do throws(BusError) {
      let command = try command(write.property, convert, for: write.value)
      dispatcher.deliver(command, from: write.sender?.rawValue ?? "") { error in
        if let error { write.fail(error) } else { write.accept() }
      }
    } catch {
      write.fail(error)
    }
    return true
  }
}
