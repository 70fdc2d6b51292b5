/// JSON string literals, written by hand where a message is assembled as text.
package enum JSONString {
  /// `text` as a JSON string literal: quotes, backslashes and control characters escaped, and
  /// U+2028 and U+2029 too, so that the text is also a valid JavaScript literal.
  package static func quoted(_ text: String) -> String {
    var output = ""
    write(text, to: &output)
    return output
  }

  /// Appends `text` as a JSON string literal to `output`.
  package static func write(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{2028}": output += "\\u2028"
      case "\u{2029}": output += "\\u2029"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
