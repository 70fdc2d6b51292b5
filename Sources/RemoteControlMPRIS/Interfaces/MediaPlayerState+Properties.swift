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

  private func setter(
    _ name: String, _ write: @escaping PropertyTable.Entry.Write, dispatcher: EventDispatcher
  )
    -> @Sendable (Value, BusName?) throws(BusError) -> Void
  {
    { (newValue: Value, sender: BusName?) throws(BusError) in
      guard self.configuration.canControl else {
        throw BusError(.propertyReadOnly, "\(name) cannot be set: CanControl is false")
      }
      let command: RemoteControlEvent.Command
      do throws(RequestRefusal) {
        command = try write(newValue.unwrappingVariants, self.model)
      } catch {
        throw BusError.invalidArgs(error.message)
      }
      dispatcher.deliver(command, from: sender?.rawValue ?? "")
    }
  }
}
