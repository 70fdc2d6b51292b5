/// Writing: by hand rather than by `JSONEncoder`, so that members keep the order they were built
/// in (a message's `"type"` first), integers and whole numbers stay apart (`1` and `1.0`), and a
/// message is written once and its bytes sent to every client.
extension JSONValue {
  /// The compact JSON text: no white space, members in order, strings escaped by ``JSONString``.
  package var text: String {
    var output = ""
    write(to: &output)
    return output
  }

  /// Appends the compact JSON text to `output`.
  package func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .number(let value):
      guard value.isFinite else {
        output += "null"
        return
      }
      if value == value.rounded(), abs(value) < 1e15 {
        output += String(Int64(value))
        output += ".0"
      } else {
        output += "\(value)"
      }
    case .string(let text): JSONString.write(text, to: &output)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        JSONString.write(key, to: &output)
        output += ":"
        value.write(to: &output)
      }
      output += "}"
    }
  }
}
