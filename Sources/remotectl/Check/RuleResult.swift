/// The verdict on one conformance rule.
struct RuleResult: Hashable, Sendable {
  /// A short stable name, such as `seeked-after-seek`.
  var rule: String
  /// Whether the player follows the rule (a rule that does not apply passes, and says why).
  var passed: Bool
  /// What was seen: the reason for a failure, or what was checked.
  var detail: String

  /// A pass.
  static func pass(_ rule: String, _ detail: String) -> RuleResult {
    RuleResult(rule: rule, passed: true, detail: detail)
  }

  /// A failure.
  static func fail(_ rule: String, _ detail: String) -> RuleResult {
    RuleResult(rule: rule, passed: false, detail: detail)
  }

  /// A pass when `failures` is empty, else a failure listing them.
  static func from(_ rule: String, failures: [String], passing: String) -> RuleResult {
    failures.isEmpty ? .pass(rule, passing) : .fail(rule, failures.joined(separator: "; "))
  }
}
