/// A D-Bus value read from (or written to) an MPRIS player: a property, a metadata entry or a
/// signal argument, with its D-Bus type kept.
///
/// Keeping the type matters to a controller: MPRIS says `mpris:trackid` is an object path (`o`)
/// and `mpris:length` an `x`, and players that send a string or a double break clients.
public indirect enum PropertyValue: Sendable, Hashable {
  /// `b`.
  case bool(Bool)
  /// `y`.
  case byte(UInt8)
  /// `n`.
  case int16(Int16)
  /// `q`.
  case uint16(UInt16)
  /// `i`.
  case int32(Int32)
  /// `u`.
  case uint32(UInt32)
  /// `x`: MPRIS times (`Position`, `mpris:length`) are this type.
  case int64(Int64)
  /// `t`.
  case uint64(UInt64)
  /// `d`: `Volume`, `Rate`, `MinimumRate`, `MaximumRate`.
  case double(Double)
  /// `s`.
  case string(String)
  /// `o`: `mpris:trackid` is this type.
  case objectPath(String)
  /// `g`.
  case signature(String)
  /// `h`.
  case unixFD(Int32)
  /// `aT`: elements of the one type `elementSignature`.
  case array(elementSignature: String, [PropertyValue])
  /// `a{KV}`: ordered entries.
  case dictionary(keySignature: String, valueSignature: String, [DictionaryEntry])
  /// `(…)`.
  case structure([PropertyValue])
  /// `v`.
  case variant(PropertyValue)

  /// One entry of a ``PropertyValue/dictionary(keySignature:valueSignature:_:)``.
  public struct DictionaryEntry: Sendable, Hashable {
    /// The key.
    public var key: PropertyValue
    /// The value.
    public var value: PropertyValue
    /// Creates an entry.
    public init(key: PropertyValue, value: PropertyValue) {
      self.key = key
      self.value = value
    }
  }

  /// The D-Bus type signature of the value, such as `s`, `x`, `as` or `a{sv}`.
  public var signature: String {
    switch self {
    case .bool: "b"
    case .byte: "y"
    case .int16: "n"
    case .uint16: "q"
    case .int32: "i"
    case .uint32: "u"
    case .int64: "x"
    case .uint64: "t"
    case .double: "d"
    case .string: "s"
    case .objectPath: "o"
    case .signature: "g"
    case .unixFD: "h"
    case .array(let element, _): "a" + element
    case .dictionary(let key, let value, _): "a{" + key + value + "}"
    case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
    case .variant: "v"
    }
  }

  /// The content of a variant (recursively); other values as they are.
  public var unwrapped: PropertyValue {
    if case .variant(let inner) = self { inner.unwrapped } else { self }
  }

  /// The text of `s`, `o` and `g` values.
  public var stringValue: String? {
    switch unwrapped {
    case .string(let text), .objectPath(let text), .signature(let text): text
    case .bool, .byte, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double, .unixFD, .array,
      .dictionary, .structure, .variant:
      nil
    }
  }

  /// The strings of an `as` (or a single string as one element, as lenient clients read
  /// `xesam:artist`).
  public var stringsValue: [String]? {
    switch unwrapped {
    case .array(_, let elements): elements.compactMap(\.stringValue)
    case .string(let text): [text]
    case .bool, .byte, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double, .objectPath, .signature,
      .unixFD, .dictionary, .structure, .variant:
      nil
    }
  }

  /// A `b` value.
  public var boolValue: Bool? {
    if case .bool(let value) = unwrapped { value } else { nil }
  }

  /// Any integer value that fits in an `Int64`.
  public var int64Value: Int64? {
    switch unwrapped {
    case .byte(let value): Int64(value)
    case .int16(let value): Int64(value)
    case .uint16(let value): Int64(value)
    case .int32(let value): Int64(value)
    case .uint32(let value): Int64(value)
    case .int64(let value): value
    case .uint64(let value): Int64(exactly: value)
    case .bool, .double, .string, .objectPath, .signature, .unixFD, .array, .dictionary, .structure, .variant:
      nil
    }
  }

  /// A `d` value, or any integer value as a double.
  public var doubleValue: Double? {
    if case .double(let value) = unwrapped { return value }
    return int64Value.map(Double.init)
  }

  /// The elements of an array (`as`, `ao`, `aa{sv}`…), variants kept: `Tracks`, the replies
  /// of `GetTracksMetadata` and `GetPlaylists`.
  public var arrayValue: [PropertyValue]? {
    guard case .array(_, let elements) = unwrapped else { return nil }
    return elements
  }

  /// The fields of a structure (`(oss)`: a playlist; `(b(oss))`: the active playlist), variants
  /// kept.
  public var structureValue: [PropertyValue]? {
    guard case .structure(let fields) = unwrapped else { return nil }
    return fields
  }

  /// The entries of a dictionary of any key type, in the order sent, variants kept.
  public var dictionaryEntries: [DictionaryEntry]? {
    guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
    return entries
  }

  /// The value of `key` in an `a{s…}` dictionary, variants kept; `nil` when the value is no
  /// such dictionary or has no such key.
  public subscript(key: String) -> PropertyValue? { dictionaryValue?[key] }

  /// The entries of an `a{s…}` dictionary by key, variants kept.
  public var dictionaryValue: [String: PropertyValue]? {
    guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
    var result: [String: PropertyValue] = [:]
    for entry in entries {
      if let key = entry.key.stringValue { result[key] = entry.value }
    }
    return result
  }
}
