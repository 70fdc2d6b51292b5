/// Evaluates template expressions against the variables of one player, as playerctl does.
struct TemplateEvaluator {
  /// The variables: metadata keys and the player's properties.
  var context: [String: TemplateValue]

  /// The value of `expression`, or `nil` when it reads an unset variable.
  func evaluate(_ expression: TemplateExpression) throws(TemplateError) -> TemplateValue? {
    switch expression {
    case .variable(let name):
      return context[name]
    case .string(let string):
      return .string(string)
    case .number(let number):
      return .double(number)
    case .call(let name, let argumentExpressions):
      var arguments: [TemplateValue?] = []
      for argument in argumentExpressions { arguments.append(try evaluate(argument)) }
      return try call(name, arguments, argumentExpressions)
    }
  }

  private func call(
    _ name: String, _ arguments: [TemplateValue?], _ expressions: [TemplateExpression]
  ) throws(TemplateError) -> TemplateValue? {
    switch (name, arguments.count) {
    case ("lc", 1): return TemplateFunctions.changeCase(arguments[0], upper: false)
    case ("uc", 1): return TemplateFunctions.changeCase(arguments[0], upper: true)
    case ("duration", 1): return try TemplateFunctions.duration(arguments[0])
    case ("markup_escape", 1): return TemplateFunctions.markupEscape(arguments[0])
    case ("default", 2): return TemplateFunctions.fallback(arguments[0], arguments[1])
    case ("trunc", 2): return try TemplateFunctions.truncate(arguments[0], arguments[1])
    case ("emoji", 1):
      guard case .variable(let key) = expressions[0] else {
        throw TemplateError("the emoji function can only be called with a variable")
      }
      return TemplateFunctions.emoji(arguments[0], key: key)
    case ("+", 1), ("-", 1): return try TemplateArithmetic.unary(name, arguments[0])
    case ("+", 2), ("-", 2), ("*", 2), ("/", 2):
      return try TemplateArithmetic.binary(name, arguments[0], arguments[1])
    default:
      throw TemplateError("unknown template function: \(name)")
    }
  }
}
