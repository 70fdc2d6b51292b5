import CSystemd
import Glibc

/// The C callbacks sd-bus calls: one for methods, one for property getters, one for setters, one
/// for property-write handlers, one for replies and one for matches. Each finds its Swift object through the userdata pointer and
/// dispatches by member or property name. They run on the owner thread, inside `sd_bus_process`.
enum Trampolines {
  // MARK: - Exported objects

  /// Every exported method: reads the arguments, hands a ``MethodCall`` to the handler and
  /// answers later (the call message is retained until then).
  static let method: sd_bus_message_handler_t = { message, userdata, returnError in
    guard let message, let userdata else { return -EINVAL }
    let object = Unmanaged<ExportedObject>.fromOpaque(userdata).takeUnretainedValue()
    guard !object.withdrawal.isWithdrawn else {
      return SDBus.set(
        BusError(.unknownObject, "\(object.interface.name) is no longer exported at \(object.path)"),
        into: returnError)
    }
    guard let member = SDBus.member(message), let method = object.methods[member] else {
      return SDBus.set(BusError(.unknownMethod, "no such method"), into: returnError)
    }
    let arguments: [Value]
    do throws(BusError) {
      arguments = try Value.readAll(from: message)
    } catch {
      return SDBus.set(error, into: returnError)
    }
    SDBus.retain(message)
    let call = MethodCall(
      arguments: arguments,
      sender: SDBus.sender(message).flatMap(BusName.init(rawValue:)),
      path: object.path, interface: object.interface.name, member: member,
      pendingReply: PendingReply(call: message, expected: method.outSignature, loop: object.loop))
    method.handler(call)
    return 1
  }

  /// Every property read, including those `GetAll` and `PropertiesChanged` make.
  /// The reader is the reply's destination: the caller of `Get` or `GetAll` (none for a signal).
  static let getter: sd_bus_property_get_t = { bus, _, _, property, reply, userdata, returnError in
    guard let bus, let property, let reply, let userdata else { return -EINVAL }
    let object = Unmanaged<ExportedObject>.fromOpaque(userdata).takeUnretainedValue()
    let name = String(cString: property)
    guard let declared = object.properties[name] else {
      return SDBus.set(BusError(.unknownProperty, "no property \(name)"), into: returnError)
    }
    do throws(BusError) {
      let reader = SDBus.destination(reply).flatMap(BusName.init(rawValue:)).map {
        PropertyReader(name: $0, bus: bus)
      }
      let value = try declared.getter(reader)
      guard value.signature == declared.signature else {
        throw .failed(
          "property \(name) produced a \"\(value.signature)\" value; it is declared \"\(declared.signature)\""
        )
      }
      try value.append(to: reply)
      return 1
    } catch {
      return SDBus.set(error, into: returnError)
    }
  }

  /// Every property write; sd-bus has already checked the variant's type. `value` is the
  /// `Properties.Set` call itself, positioned at the new value, so it also names the caller.
  static let setter: sd_bus_property_set_t = { _, _, _, property, value, userdata, returnError in
    guard let property, let value, let userdata else { return -EINVAL }
    let object = Unmanaged<ExportedObject>.fromOpaque(userdata).takeUnretainedValue()
    let name = String(cString: property)
    guard let declared = object.properties[name], let setter = declared.setter else {
      return SDBus.set(BusError(.propertyReadOnly, "property \(name) is read-only"), into: returnError)
    }
    do throws(BusError) {
      guard let newValue = try Value.readNext(from: value) else {
        throw .invalidArgs("no value given for property \(name)")
      }
      try setter(newValue, SDBus.sender(value).flatMap(BusName.init(rawValue:)))
      return 1
    } catch {
      return SDBus.set(error, into: returnError)
    }
  }

  /// Every message to a path with a property-write handler: hands `Properties.Set` calls to it
  /// and returns 0 (sd-bus dispatches further, to the vtables) for everything it does not take.
  ///
  /// A body it cannot read is not taken: the vtable's setter, or sd-bus itself, reads it next and
  /// answers the caller with what is wrong. When the body cannot be rewound for them, the caller
  /// gets that error here.
  static let propertyWrite: sd_bus_message_handler_t = { message, userdata, returnError in
    guard let message, let userdata, SDBus.member(message) == "Set",
      SDBus.interface(message) == StandardInterface.properties
    else { return 0 }
    let interceptor = Unmanaged<PropertyWriteInterceptor>.fromOpaque(userdata).takeUnretainedValue()
    let arguments: [Value]?
    do throws(BusError) {
      arguments = try Value.readAll(from: message)
    } catch {
      // Not dropped: whoever answers next reads the same body and tells the caller.
      arguments = nil
    }
    // Whoever answers next (the vtable, or sd-bus's own errors) reads the body from its start.
    do throws(BusError) {
      try SDBus.rewind(message)
    } catch {
      return SDBus.set(error, into: returnError)
    }
    guard let arguments, arguments.count == 3, case .string(let interface) = arguments[0],
      case .string(let property) = arguments[1], case .variant(let value) = arguments[2],
      let path = SDBus.path(message).flatMap(ObjectPath.init(rawValue:))
    else { return 0 }
    SDBus.retain(message)
    let write = PropertyWrite(
      path: path, interface: interface, property: property, value: value,
      sender: SDBus.sender(message).flatMap(BusName.init(rawValue:)),
      pendingReply: PendingReply(call: message, expected: .empty, loop: interceptor.loop))
    guard interceptor.handler(write) else {
      write.pendingReply.relinquish()
      return 0
    }
    return 1
  }

  // MARK: - Client side

  /// Replies to calls we sent.
  static let reply: sd_bus_message_handler_t = { message, userdata, _ in
    guard let message, let userdata else { return 0 }
    let pending = Unmanaged<PendingCall>.fromOpaque(userdata).takeUnretainedValue()
    // The pending call is kept alive by BusState until `finish` removes it.
    pending.state?.finish(pending, reply: message)
    return 1
  }

  /// Messages matching an installed rule. One whose sender the match refuses is dropped
  /// unread; one whose body cannot be read never reaches the handler;
  /// ``Connection/onUndeliveredMessage`` hears why.
  static let match: sd_bus_message_handler_t = { message, userdata, _ in
    guard let message, let userdata else { return 0 }
    let entry = Unmanaged<MatchEntry>.fromOpaque(userdata).takeUnretainedValue()
    let sender = SDBus.sender(message).flatMap(BusName.init(rawValue:))
    if let sentBy = entry.sentBy {
      guard let sender, sentBy(sender) else { return 0 }
    }
    let received: ReceivedMessage
    do throws(BusError) {
      received = try ReceivedMessage(message, sender: sender)
    } catch {
      let member = [SDBus.interface(message), SDBus.member(message)].compactMap { $0 }.joined(separator: ".")
      let sender = sender?.rawValue ?? "an unnamed sender"
      entry.undeliverable(
        BusError(
          error.name,
          "a message \(member) from \(sender) matching \(entry.rule) could not be read: \(error.message)",
          operation: error.operation, errno: error.errno))
      return 0
    }
    entry.deliver(received)
    return 0
  }
}
