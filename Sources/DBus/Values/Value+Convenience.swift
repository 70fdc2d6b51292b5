extension Value {
  // MARK: - Building common values

  /// An `a{sv}` dictionary (a "vardict", as MPRIS `Metadata` and PropertiesChanged use), its
  /// entries sorted by key so that equal dictionaries marshal identically.
  package static func vardict(_ entries: [String: Value]) -> Value {
    .dictionary(
      keySignature: "s", valueSignature: "v",
      entries.sorted { $0.key < $1.key }.map {
        DictionaryEntry(key: .string($0.key), value: .variant($0.value))
      })
  }

  /// An `as` array of strings.
  package static func strings(_ strings: [String]) -> Value {
    .array(elementSignature: "s", strings.map(Value.string))
  }

  // MARK: - Reading values

  /// The string of `s`, `o` or `g` values.
  package var stringValue: String? {
    switch self {
    case .string(let string): string
    case .objectPath(let path): path.rawValue
    case .signature(let signature): signature.rawValue
    default: nil
    }
  }

  /// The boolean of a `b` value.
  package var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  /// Any integer value (`y n q i u x t`), when it fits in an `Int64`.
  package var int64Value: Int64? {
    switch self {
    case .byte(let value): Int64(value)
    case .int16(let value): Int64(value)
    case .uint16(let value): Int64(value)
    case .int32(let value): Int64(value)
    case .uint32(let value): Int64(value)
    case .int64(let value): value
    case .uint64(let value): Int64(exactly: value)
    default: nil
    }
  }

  /// The number of a `d` value, or of any integer value.
  package var doubleValue: Double? {
    if case .double(let value) = self { return value }
    return int64Value.map(Double.init)
  }

  /// The content of a variant; other values are returned as they are.
  package var unwrappingVariants: Value {
    if case .variant(let inner) = self { inner.unwrappingVariants } else { self }
  }

  /// The elements of an array, or `nil` for other values.
  package var arrayElements: [Value]? {
    if case .array(_, let elements) = self { elements } else { nil }
  }
}
