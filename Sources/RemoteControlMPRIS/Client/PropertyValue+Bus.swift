import DBus

extension PropertyValue {
  /// The client-side value of a value read from the bus.
  init(_ value: Value) {
    switch value {
    case .byte(let v): self = .byte(v)
    case .bool(let v): self = .bool(v)
    case .int16(let v): self = .int16(v)
    case .uint16(let v): self = .uint16(v)
    case .int32(let v): self = .int32(v)
    case .uint32(let v): self = .uint32(v)
    case .int64(let v): self = .int64(v)
    case .uint64(let v): self = .uint64(v)
    case .double(let v): self = .double(v)
    case .string(let v): self = .string(v)
    case .objectPath(let v): self = .objectPath(v.rawValue)
    case .signature(let v): self = .signature(v.rawValue)
    case .unixFD(let v): self = .unixFD(v)
    case .array(let element, let elements):
      self = .array(elementSignature: element.rawValue, elements.map(PropertyValue.init))
    case .dictionary(let key, let valueSignature, let entries):
      self = .dictionary(
        keySignature: key.rawValue, valueSignature: valueSignature.rawValue,
        entries.map { DictionaryEntry(key: PropertyValue($0.key), value: PropertyValue($0.value)) })
    case .structure(let fields): self = .structure(fields.map(PropertyValue.init))
    case .variant(let inner): self = .variant(PropertyValue(inner))
    }
  }

  /// The value to send on the bus, or a ``ClientError`` when a path, signature or container type
  /// is not valid D-Bus.
  func busValue() throws(ClientError) -> Value {
    do {
      switch self {
      case .byte(let v): return .byte(v)
      case .bool(let v): return .bool(v)
      case .int16(let v): return .int16(v)
      case .uint16(let v): return .uint16(v)
      case .int32(let v): return .int32(v)
      case .uint32(let v): return .uint32(v)
      case .int64(let v): return .int64(v)
      case .uint64(let v): return .uint64(v)
      case .double(let v): return .double(v)
      case .string(let v): return .string(v)
      case .objectPath(let v): return .objectPath(try ObjectPath(v))
      case .signature(let v): return .signature(try Signature(v))
      case .unixFD(let v): return .unixFD(v)
      case .array(let element, let elements):
        var values: [Value] = []
        for element in elements { values.append(try element.busValue()) }
        return .array(elementSignature: try Signature(element), values)
      case .dictionary(let key, let valueSignature, let entries):
        var values: [DBus.DictionaryEntry] = []
        for entry in entries {
          values.append(
            DBus.DictionaryEntry(key: try entry.key.busValue(), value: try entry.value.busValue()))
        }
        return .dictionary(
          keySignature: try Signature(key), valueSignature: try Signature(valueSignature), values)
      case .structure(let fields):
        var values: [Value] = []
        for field in fields { values.append(try field.busValue()) }
        return .structure(values)
      case .variant(let inner): return .variant(try inner.busValue())
      }
    } catch let error as BusError {
      throw ClientError(error)
    } catch let error as ClientError {
      throw error
    } catch {
      throw ClientError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "\(error)")
    }
  }
}
