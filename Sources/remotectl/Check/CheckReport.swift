import HubSupport

/// Prints conformance results: one line per rule, or JSON.
enum CheckReport {
  /// `PASS rule: detail` / `FAIL rule: detail` lines and a summary line.
  static func text(player: String, _ results: [RuleResult]) -> String {
    var lines = results.map { ($0.passed ? "PASS " : "FAIL ") + $0.rule + ": " + $0.detail }
    let failed = results.filter { !$0.passed }.count
    lines.append("\(player): \(results.count - failed) passed, \(failed) failed")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"player": …, "passed": …, "rules": [{"rule": …, "passed": …, "detail": …}]}`, with
  /// `"note": …` after the player when there is one (the player is a relay of the hub's).
  static func json(player: String, _ results: [RuleResult], note: String? = nil) -> String {
    let rules = results.map {
      "{\"rule\":\(JSONString.quoted($0.rule)),\"passed\":\($0.passed),\"detail\":\(JSONString.quoted($0.detail))}"
    }
    let passed = results.allSatisfy(\.passed)
    return
      "{\"player\":\(JSONString.quoted(player)),\(note.map { "\"note\":\(JSONString.quoted($0))," } ?? "")\"passed\":\(passed),\"rules\":[\(rules.joined(separator: ","))]}\n"
  }
}
