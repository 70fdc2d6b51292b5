package import DBus

extension Value {
  /// The empty value of the single complete type `signature`: 0, `false`, `""`, `/`, an empty
  /// array or dictionary, a structure of empty fields, or a variant holding `""`. What a
  /// forwarded property reads when the active player gave no value of its type.
  package static func zero(of signature: Signature) -> Value {
    var codes = Substring(signature.rawValue)
    return zero(reading: &codes)
  }

  private static func zero(reading codes: inout Substring) -> Value {
    guard let code = codes.popFirst() else { return .string("") }
    switch code {
    case "y": return .byte(0)
    case "b": return .bool(false)
    case "n": return .int16(0)
    case "q": return .uint16(0)
    case "i": return .int32(0)
    case "u": return .uint32(0)
    case "x": return .int64(0)
    case "t": return .uint64(0)
    case "d": return .double(0)
    case "o": return .objectPath(.root)
    case "g": return .signature(.empty)
    case "h": return .unixFD(-1)
    case "v": return .variant(.string(""))
    case "a":
      if codes.first == "{" {
        codes.removeFirst()
        let key = zero(reading: &codes).signature
        let value = zero(reading: &codes).signature
        if codes.first == "}" { codes.removeFirst() }
        return .dictionary(keySignature: key, valueSignature: value, [])
      }
      return .array(elementSignature: zero(reading: &codes).signature, [])
    case "(":
      var fields: [Value] = []
      while let next = codes.first, next != ")" { fields.append(zero(reading: &codes)) }
      if codes.first == ")" { codes.removeFirst() }
      return .structure(fields)
    default:
      return .string("")
    }
  }
}
