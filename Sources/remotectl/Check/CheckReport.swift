/// Prints conformance results: one line per rule, or JSON.
enum CheckReport {
  /// `PASS rule: detail` / `FAIL rule: detail` lines and a summary line.
  static func text(player: String, _ results: [RuleResult]) -> String {
    var lines = results.map { ($0.passed ? "PASS " : "FAIL ") + $0.rule + ": " + $0.detail }
    let failed = results.filter { !$0.passed }.count
    lines.append("\(player): \(results.count - failed) passed, \(failed) failed")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"player": …, "passed": …, "rules": [{"rule": …, "passed": …, "detail": …}]}`.
  static func json(player: String, _ results: [RuleResult]) -> String {
    let rules = results.map {
      "{\"rule\":\(quote($0.rule)),\"passed\":\($0.passed),\"detail\":\(quote($0.detail))}"
    }
    let passed = results.allSatisfy(\.passed)
    return "{\"player\":\(quote(player)),\"passed\":\(passed),\"rules\":[\(rules.joined(separator: ","))]}\n"
  }

  /// `text` as a JSON string literal.
  static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
