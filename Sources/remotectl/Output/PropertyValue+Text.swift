internal import RemoteControlMPRIS

extension PropertyValue {
  /// The text playerctl prints for a value: strings as they are, string arrays joined by ", ",
  /// anything else as GLib's `g_variant_print` writes it.
  var playerctlText: String {
    switch self {
    case .string(let text): text
    case .array("s", let elements): elements.compactMap(\.stringValue).joined(separator: ", ")
    default: gvariantText(annotate: false)
    }
  }

  /// The value in GVariant text format, as `g_variant_print` writes it; `annotate` adds type
  /// names where the text alone would not tell the type (inside variants).
  func gvariantText(annotate: Bool) -> String {
    switch self {
    case .bool(let value): return value ? "true" : "false"
    case .byte(let value):
      let hex = String(value, radix: 16)
      return (annotate ? "byte " : "") + "0x" + (hex.count == 1 ? "0" + hex : hex)
    case .int16(let value): return (annotate ? "int16 " : "") + String(value)
    case .uint16(let value): return (annotate ? "uint16 " : "") + String(value)
    case .int32(let value): return String(value)
    case .uint32(let value): return (annotate ? "uint32 " : "") + String(value)
    case .int64(let value): return (annotate ? "int64 " : "") + String(value)
    case .uint64(let value): return (annotate ? "uint64 " : "") + String(value)
    case .double(let value): return GVariantText.double(value)
    case .string(let text): return GVariantText.quoted(text)
    case .objectPath(let text): return (annotate ? "objectpath " : "") + GVariantText.quoted(text)
    case .signature(let text): return (annotate ? "signature " : "") + GVariantText.quoted(text)
    case .unixFD(let value): return (annotate ? "handle " : "") + String(value)
    case .array(let element, let elements):
      if elements.isEmpty { return "@a\(element) []" }
      return "["
        + elements.enumerated().map { $0.element.gvariantText(annotate: annotate && $0.offset == 0) }
        .joined(separator: ", ") + "]"
    case .dictionary(let key, let valueSignature, let entries):
      if entries.isEmpty { return "@a{\(key)\(valueSignature)} {}" }
      return "{"
        + entries.enumerated().map {
          $0.element.key.gvariantText(annotate: annotate && $0.offset == 0) + ": "
            + $0.element.value.gvariantText(annotate: annotate && $0.offset == 0)
        }.joined(separator: ", ") + "}"
    case .structure(let fields):
      return "(" + fields.map { $0.gvariantText(annotate: annotate) }.joined(separator: ", ")
        + (fields.count == 1 ? ",)" : ")")
    case .variant(let inner): return "<" + inner.gvariantText(annotate: true) + ">"
    }
  }

  /// The texts playerctl's metadata table prints one per line (it goes one level into
  /// containers), or `nil` for a basic value.
  var tableTexts: [String]? {
    switch self {
    case .array(_, let elements): elements.map(\.playerctlText)
    case .dictionary(_, _, let entries):
      entries.map {
        "{" + $0.key.gvariantText(annotate: false) + ", " + $0.value.gvariantText(annotate: false) + "}"
      }
    case .structure(let fields): fields.map(\.playerctlText)
    case .variant(let inner): [inner.playerctlText]
    default: nil
    }
  }

  /// The entries of an `a{s…}` dictionary in the order the player sent them.
  var orderedEntries: [(String, PropertyValue)] {
    guard case .dictionary(_, _, let entries) = unwrapped else { return [] }
    return entries.compactMap { entry in entry.key.stringValue.map { ($0, entry.value.unwrapped) } }
  }

  /// The value as the template language types it.
  var templateValue: TemplateValue {
    switch self {
    case .string(let text): .string(text)
    case .array("s", let elements): .strings(elements.compactMap(\.stringValue))
    case .int64(let value): .int64(value)
    case .uint64(let value): .uint64(value)
    case .double(let value): .double(value)
    case .bool(let value): .bool(value)
    default: .other(signature: signature, printed: playerctlText)
    }
  }
}
