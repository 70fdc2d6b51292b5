/// playerctl's template helpers and operators: their names, arities and what they do.
enum TemplateFunctions {
  /// The helpers playerctl knows, with the number of arguments each takes.
  static let helpers: [String: Int] = [
    "lc": 1, "uc": 1, "duration": 1, "markup_escape": 1, "emoji": 1, "default": 2, "trunc": 2,
  ]
  /// The operators, which take one operand (`+` and `-` only) or two.
  static let operators: Set<String> = ["+", "-", "*", "/"]

  /// Checks every call in `expression` before anything is expanded: unknown helpers, wrong
  /// argument counts and `emoji` on something other than a variable are errors whatever the
  /// player says, so they are reported at once (playerctl reports them on first expansion).
  static func validate(_ expression: TemplateExpression) throws(TemplateError) {
    guard case .call(let name, let arguments) = expression else { return }
    for argument in arguments { try validate(argument) }
    if operators.contains(name) { return }
    guard let arity = helpers[name] else {
      throw TemplateError("unknown template function: \(name)")
    }
    guard arguments.count == arity else {
      let expected = arity == 1 ? "exactly one argument" : "exactly two arguments"
      throw TemplateError("function \(name) takes \(expected) (got \(arguments.count))")
    }
    if name == "emoji", case .variable = arguments[0] {
    } else if name == "emoji" {
      throw TemplateError("the emoji function can only be called with a variable")
    }
  }

  // MARK: - Helpers

  /// `lc(str)` and `uc(str)`: the printed value in lower or upper case; nothing prints as "".
  static func changeCase(_ value: TemplateValue?, upper: Bool) -> TemplateValue {
    guard let value else { return .string("") }
    return .string(upper ? value.printed.uppercased() : value.printed.lowercased())
  }

  /// `duration(time)`: microseconds as `m:ss`, or `h:mm:ss` from one hour on.
  static func duration(_ value: TemplateValue?) throws(TemplateError) -> TemplateValue {
    guard let value else { return .string("") }
    let microseconds: Int64
    switch value {
    case .int64(let time): microseconds = time
    case .uint64(let time): microseconds = Int64(truncatingIfNeeded: time)
    case .double(let time) where time.isFinite && abs(time) < 9.2e18: microseconds = Int64(time)
    default:
      throw TemplateError("function duration can only be called on track position values")
    }
    return .string(DurationText.clock(microseconds: microseconds))
  }

  /// `markup_escape(str)`: the printed value with XML's special characters escaped, as GLib's
  /// `g_markup_escape_text` does.
  static func markupEscape(_ value: TemplateValue?) -> TemplateValue {
    guard let value else { return .string("") }
    var escaped = ""
    for scalar in value.printed.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "'": escaped += "&apos;"
      case "\"": escaped += "&quot;"
      default:
        let code = scalar.value
        if (0x1...0x8).contains(code) || (0xB...0xC).contains(code) || (0xE...0x1F).contains(code)
          || (0x7F...0x84).contains(code) || (0x86...0x9F).contains(code)
        {
          escaped += "&#x" + String(code, radix: 16, uppercase: true) + ";"
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return .string(escaped)
  }

  /// `default(a, b)`: `a` unless it is unset or the empty string, else `b`.
  static func fallback(_ first: TemplateValue?, _ second: TemplateValue?) -> TemplateValue? {
    guard let first else { return second }
    if case .string(let string) = first, string.isEmpty { return second }
    return first
  }

  /// `emoji(key)`: ▶️ ⏸️ ⏹️ for `status`; 🔈 🔉 🔊 for `volume` (below ⅓, below ⅔, above);
  /// other values unchanged.
  static func emoji(_ value: TemplateValue?, key: String) -> TemplateValue {
    guard let value else { return .string("") }
    switch (key, value) {
    case ("status", .string(let status)):
      switch status.lowercased() {
      case "playing": return .string("▶️")
      case "paused": return .string("⏸️")
      case "stopped": return .string("⏹️")
      default: return value
      }
    case ("volume", .double(let volume)):
      return .string(volume < 0.3333 ? "🔈" : volume < 0.6666 ? "🔉" : "🔊")
    default:
      return value
    }
  }

  /// `trunc(str, len)`: at most `len` characters of the printed value, with `…` when cut.
  static func truncate(_ value: TemplateValue?, _ length: TemplateValue?) throws(TemplateError)
    -> TemplateValue
  {
    guard let value, let length else { return .string("") }
    guard case .double(let limit) = length else {
      throw TemplateError("function trunc's length parameter can only be called with an int")
    }
    let text = value.printed
    let count = limit.isFinite ? max(0, Int(limit.rounded(.towardZero))) : (limit > 0 ? Int.max : 0)
    guard text.count > count else { return .string(text) }
    return .string(String(text.prefix(count)) + "…")
  }
}
