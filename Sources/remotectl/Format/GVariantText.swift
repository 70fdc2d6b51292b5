/// How GLib's `g_variant_print` writes values, so that our output matches playerctl's byte for byte.
enum GVariantText {
  /// A double as `g_variant_print` writes it: `%.17g` (what `g_ascii_dtostr` uses), with `.0`
  /// appended when the text has neither a point nor an exponent (`1.0`, `0.5`,
  /// `0.10000000000000001`).
  static func double(_ value: Double) -> String {
    var text = CFormat.formatted(value, "%.17g")
    if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "N" }) {
      text += ".0"
    }
    return text
  }

  /// A string inside a container, quoted as `g_variant_print` quotes it: single quotes unless the
  /// text holds a single quote and no double quote; backslash escapes for the quote, `\` and
  /// control characters.
  static func quoted(_ string: String) -> String {
    let quote: Character = string.contains("'") && !string.contains("\"") ? "\"" : "'"
    var text = String(quote)
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\t": text += "\\t"
      case "\r": text += "\\r"
      case "\u{07}": text += "\\a"
      case "\u{08}": text += "\\b"
      case "\u{0B}": text += "\\v"
      case "\u{0C}": text += "\\f"
      default:
        if Character(scalar) == quote {
          text += "\\" + String(quote)
        } else if scalar.value < 0x20 || scalar.value == 0x7F {
          text += "\\u" + hex(scalar.value, width: 4)
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    text.append(quote)
    return text
  }

  private static func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
