import Glibc

extension Value {
  // MARK: - Writing

  /// Appends this value to a message being built, checking container element types first.
  func append(to message: MessageHandle) throws(BusError) {
    switch self {
    case .byte(let value): try SDBus.appendBasic(message, TypeCode.byte, value)
    case .bool(let value): try SDBus.appendBasic(message, TypeCode.bool, Int32(value ? 1 : 0))
    case .int16(let value): try SDBus.appendBasic(message, TypeCode.int16, value)
    case .uint16(let value): try SDBus.appendBasic(message, TypeCode.uint16, value)
    case .int32(let value): try SDBus.appendBasic(message, TypeCode.int32, value)
    case .uint32(let value): try SDBus.appendBasic(message, TypeCode.uint32, value)
    case .int64(let value): try SDBus.appendBasic(message, TypeCode.int64, value)
    case .uint64(let value): try SDBus.appendBasic(message, TypeCode.uint64, value)
    case .double(let value): try SDBus.appendBasic(message, TypeCode.double, value)
    case .unixFD(let value): try SDBus.appendBasic(message, TypeCode.unixFD, value)
    case .string(let value): try SDBus.appendString(message, TypeCode.string, value)
    case .objectPath(let value): try SDBus.appendString(message, TypeCode.objectPath, value.rawValue)
    case .signature(let value): try SDBus.appendString(message, TypeCode.signature, value.rawValue)
    case .array(let elementSignature, let elements):
      guard elementSignature.isSingleCompleteType else {
        throw .invalidArgs("array element signature \"\(elementSignature)\" is not one complete type")
      }
      try SDBus.openContainer(message, TypeCode.array, elementSignature.rawValue)
      for element in elements {
        guard element.signature == elementSignature else {
          throw .invalidArgs(
            "an array of \"\(elementSignature)\" holds a \"\(element.signature)\" value")
        }
        try element.append(to: message)
      }
      try SDBus.closeContainer(message)
    case .dictionary(let keySignature, let valueSignature, let entries):
      guard let key = keySignature.rawValue.utf8.first, keySignature.rawValue.utf8.count == 1,
        Signature.basicCodes.contains(key), valueSignature.isSingleCompleteType
      else {
        throw .invalidArgs(
          "a dictionary needs a basic key type and one value type, not \"\(keySignature)\" and \"\(valueSignature)\""
        )
      }
      let entrySignature = keySignature.rawValue + valueSignature.rawValue
      try SDBus.openContainer(message, TypeCode.array, "{" + entrySignature + "}")
      for entry in entries {
        guard entry.key.signature == keySignature, entry.value.signature == valueSignature else {
          throw .invalidArgs(
            "a dictionary of \"{\(entrySignature)}\" holds a \"{\(entry.key.signature)\(entry.value.signature)}\" entry"
          )
        }
        try SDBus.openContainer(message, TypeCode.dictEntry, entrySignature)
        try entry.key.append(to: message)
        try entry.value.append(to: message)
        try SDBus.closeContainer(message)
      }
      try SDBus.closeContainer(message)
    case .structure(let fields):
      guard !fields.isEmpty else { throw .invalidArgs("a struct must hold at least one value") }
      try SDBus.openContainer(
        message, TypeCode.structure, fields.map(\.signature.rawValue).joined())
      for field in fields { try field.append(to: message) }
      try SDBus.closeContainer(message)
    case .variant(let inner):
      try SDBus.openContainer(message, TypeCode.variant, inner.signature.rawValue)
      try inner.append(to: message)
      try SDBus.closeContainer(message)
    }
  }

  /// Appends `values` in order.
  static func append(_ values: [Value], to message: MessageHandle) throws(BusError) {
    for value in values { try value.append(to: message) }
  }

  // MARK: - Reading

  /// Reads every remaining value of the current container (the body, at the top level).
  static func readAll(from message: MessageHandle) throws(BusError) -> [Value] {
    var values: [Value] = []
    while let next = try SDBus.peekType(message) {
      values.append(try read(from: message, type: next.type, contents: next.contents))
    }
    return values
  }

  /// Reads the next value, or `nil` at the end of the current container.
  static func readNext(from message: MessageHandle) throws(BusError) -> Value? {
    guard let next = try SDBus.peekType(message) else { return nil }
    return try read(from: message, type: next.type, contents: next.contents)
  }

  /// Reads the next value, whose type code and contents `peekType` reported.
  static func read(from message: MessageHandle, type: UInt8, contents: String) throws(BusError)
    -> Value
  {
    switch type {
    case TypeCode.byte: return .byte(try SDBus.readBasic(message, type, as: UInt8.self, initial: 0))
    case TypeCode.bool:
      return .bool(try SDBus.readBasic(message, type, as: Int32.self, initial: 0) != 0)
    case TypeCode.int16: return .int16(try SDBus.readBasic(message, type, as: Int16.self, initial: 0))
    case TypeCode.uint16:
      return .uint16(try SDBus.readBasic(message, type, as: UInt16.self, initial: 0))
    case TypeCode.int32: return .int32(try SDBus.readBasic(message, type, as: Int32.self, initial: 0))
    case TypeCode.uint32:
      return .uint32(try SDBus.readBasic(message, type, as: UInt32.self, initial: 0))
    case TypeCode.int64: return .int64(try SDBus.readBasic(message, type, as: Int64.self, initial: 0))
    case TypeCode.uint64:
      return .uint64(try SDBus.readBasic(message, type, as: UInt64.self, initial: 0))
    case TypeCode.double:
      return .double(try SDBus.readBasic(message, type, as: Double.self, initial: 0))
    case TypeCode.unixFD:
      // The message owns its descriptor; the value gets a duplicate the receiver owns.
      let borrowed = try SDBus.readBasic(message, type, as: Int32.self, initial: -1)
      let owned = fcntl(borrowed, F_DUPFD_CLOEXEC, 3)
      guard owned >= 0 else {
        throw BusError(.failed, "could not duplicate a received file descriptor", errno: errno)
      }
      return .unixFD(owned)
    case TypeCode.string: return .string(try SDBus.readString(message, type))
    case TypeCode.objectPath:
      return .objectPath(ObjectPath(unchecked: try SDBus.readString(message, type)))
    case TypeCode.signature:
      return .signature(Signature(unchecked: try SDBus.readString(message, type)))
    case TypeCode.array:
      return try readArray(from: message, contents: contents)
    case TypeCode.structure:
      try SDBus.enterContainer(message, type, contents)
      let fields = try readAll(from: message)
      try SDBus.exitContainer(message)
      return .structure(fields)
    case TypeCode.variant:
      try SDBus.enterContainer(message, type, contents)
      guard let inner = try readNext(from: message) else {
        throw .invalidArgs("an empty variant")
      }
      try SDBus.exitContainer(message)
      return .variant(inner)
    default:
      throw .invalidArgs("unsupported type code \(Character(Unicode.Scalar(type)))")
    }
  }

  private static func readArray(from message: MessageHandle, contents: String) throws(BusError)
    -> Value
  {
    try SDBus.enterContainer(message, TypeCode.array, contents)
    let value: Value
    if contents.hasPrefix("{") {
      let entrySignature = String(contents.dropFirst().dropLast())
      let types = Signature(unchecked: entrySignature).completeTypes
      guard types.count == 2 else { throw .invalidArgs("malformed dictionary type \(contents)") }
      var entries: [DictionaryEntry] = []
      while let next = try SDBus.peekType(message) {
        try SDBus.enterContainer(message, next.type, next.contents)
        guard let key = try readNext(from: message), let entryValue = try readNext(from: message)
        else { throw .invalidArgs("a dictionary entry without key or value") }
        try SDBus.exitContainer(message)
        entries.append(DictionaryEntry(key: key, value: entryValue))
      }
      value = .dictionary(keySignature: types[0], valueSignature: types[1], entries)
    } else {
      value = .array(elementSignature: Signature(unchecked: contents), try readAll(from: message))
    }
    try SDBus.exitContainer(message)
    return value
  }
}
