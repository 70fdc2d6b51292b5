/// One D-Bus value of any type, as sent in a message.
///
/// Containers carry their element types, so an empty array or dictionary still knows its
/// ``signature``. Marshalling to and from sd-bus messages is driven by the signature, so nested
/// containers and variants (such as MPRIS `Metadata`, an `a{sv}`) round-trip exactly.
package indirect enum Value: Sendable, Hashable {
  // MARK: - Basic types

  /// `y`: an unsigned 8-bit integer.
  case byte(UInt8)
  /// `b`: a boolean.
  case bool(Bool)
  /// `n`: a signed 16-bit integer.
  case int16(Int16)
  /// `q`: an unsigned 16-bit integer.
  case uint16(UInt16)
  /// `i`: a signed 32-bit integer.
  case int32(Int32)
  /// `u`: an unsigned 32-bit integer.
  case uint32(UInt32)
  /// `x`: a signed 64-bit integer.
  case int64(Int64)
  /// `t`: an unsigned 64-bit integer.
  case uint64(UInt64)
  /// `d`: an IEEE 754 double.
  case double(Double)
  /// `s`: a UTF-8 string.
  case string(String)
  /// `o`: an object path.
  case objectPath(ObjectPath)
  /// `g`: a type signature.
  case signature(Signature)
  /// `h`: a Unix file descriptor. Sending duplicates it (the caller keeps its own); a received one
  /// is a fresh duplicate that the receiver owns and must close.
  case unixFD(Int32)

  // MARK: - Containers

  /// `aT`: an array whose elements all have the signature `elementSignature` (one complete type).
  case array(elementSignature: Signature, [Value])
  /// `a{KV}`: a dictionary, as ordered entries; keys have a basic type.
  case dictionary(keySignature: Signature, valueSignature: Signature, [DictionaryEntry])
  /// `(…)`: a struct of one or more values.
  case structure([Value])
  /// `v`: a variant, a value that carries its own type.
  case variant(Value)

  // MARK: - Signature

  /// The value's type signature, one complete type.
  package var signature: Signature {
    Signature(unchecked: signatureText)
  }

  private var signatureText: String {
    switch self {
    case .byte: "y"
    case .bool: "b"
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
    case .array(let element, _): "a" + element.rawValue
    case .dictionary(let key, let value, _): "a{" + key.rawValue + value.rawValue + "}"
    case .structure(let fields): "(" + fields.map(\.signatureText).joined() + ")"
    case .variant: "v"
    }
  }

  /// The concatenated signature of `values`, as a message body carrying them has.
  package static func signature(of values: [Value]) -> Signature {
    Signature(unchecked: values.map(\.signature.rawValue).joined())
  }
}
