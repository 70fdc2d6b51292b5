/// A value a format template works with, typed the way playerctl's GVariant values are.
///
/// playerctl keeps template values as GVariants; the helpers and the arithmetic look at the type
/// (`x` int64, `t` uint64, `d` double, `s` string, `as` string array…), so we keep it too.
enum TemplateValue: Hashable, Sendable {
  /// `s`: a string.
  case string(String)
  /// `as`: an array of strings, such as `xesam:artist`.
  case strings([String])
  /// `x`: a signed 64-bit integer, such as `position` or `mpris:length`.
  case int64(Int64)
  /// `t`: an unsigned 64-bit integer (some players send `mpris:length` so).
  case uint64(UInt64)
  /// `d`: a double, such as `volume` and every number literal in a template.
  case double(Double)
  /// `b`: a boolean, such as `shuffle`.
  case bool(Bool)
  /// Any other D-Bus type: its signature and its text as GLib's `g_variant_print` writes it.
  case other(signature: String, printed: String)

  /// The D-Bus type signature, as playerctl's error messages name it.
  var signature: String {
    switch self {
    case .string: "s"
    case .strings: "as"
    case .int64: "x"
    case .uint64: "t"
    case .double: "d"
    case .bool: "b"
    case .other(let signature, _): signature
    }
  }

  /// The text playerctl prints for the value: strings as they are, string arrays joined by ", ",
  /// everything else as `g_variant_print` writes it without type annotations.
  var printed: String {
    switch self {
    case .string(let string): string
    case .strings(let strings): strings.joined(separator: ", ")
    case .int64(let value): String(value)
    case .uint64(let value): String(value)
    case .double(let value): GVariantText.double(value)
    case .bool(let value): value ? "true" : "false"
    case .other(_, let printed): printed
    }
  }

  /// Whether playerctl's arithmetic accepts the value (`x`, `t` or `d`).
  var isNumeric: Bool {
    switch self {
    case .int64, .uint64, .double: true
    default: false
    }
  }

  /// The value as a double, for arithmetic on mixed types.
  var doubleValue: Double? {
    switch self {
    case .int64(let value): Double(value)
    case .uint64(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }
}
