/// One `{{…}}` expression of a format template, as parsed.
indirect enum TemplateExpression: Hashable, Sendable {
  /// A variable such as `title`, `xesam:artist` or `position`; unknown ones expand to nothing.
  case variable(String)
  /// A string literal, `"…"`.
  case string(String)
  /// A number literal such as `60` or `0.5`; playerctl makes every number a double.
  case number(Double)
  /// A helper call such as `lc(title)`, or an operator (`+`, `-`, `*`, `/`) with one operand
  /// (unary) or two.
  case call(String, [TemplateExpression])

  /// Whether the expression reads the variable `name` anywhere.
  func reads(_ name: String) -> Bool {
    switch self {
    case .variable(let variable): variable == name
    case .string, .number: false
    case .call(_, let arguments): arguments.contains { $0.reads(name) }
    }
  }
}
