/// A `--format` template: text with `{{expression}}` parts, playerctl's template language.
///
/// Text outside braces is printed as it is; `{{key}}` prints a variable (metadata keys such as
/// `xesam:title` and `mpris:length`, the aliases `title`, `artist` and `album`, and `playerName`,
/// `playerInstance`, `status`, `loop`, `shuffle`, `volume`, `position`); `{{func(…)}}` calls one of
/// playerctl's helpers (`lc`, `uc`, `duration`, `markup_escape`, `default`, `emoji`, `trunc`);
/// `+ - * /` do arithmetic on numbers. Unknown variables expand to nothing; unknown helpers and
/// malformed templates are errors, reported when the template is parsed.
struct Template: Hashable, Sendable {
  /// One part of a template.
  enum Part: Hashable, Sendable {
    /// Text printed verbatim.
    case text(String)
    /// An expression between `{{` and `}}`.
    case expression(TemplateExpression)
  }

  /// The parts, in order.
  var parts: [Part]

  /// Parses `source`, or throws the error playerctl reports for it.
  init(_ source: String) throws(TemplateError) {
    var parser = TemplateParser(source)
    parts = try parser.parseTemplate()
  }

  /// Whether the template reads the variable `name` (playerctl follows the matching property
  /// changes when it does, such as `position` or `volume`).
  func reads(_ name: String) -> Bool {
    parts.contains {
      if case .expression(let expression) = $0 { expression.reads(name) } else { false }
    }
  }

  /// The template expanded with the variables in `context`.
  func expand(_ context: [String: TemplateValue]) throws(TemplateError) -> String {
    var output = ""
    for part in parts {
      switch part {
      case .text(let text):
        output += text
      case .expression(let expression):
        if let value = try TemplateEvaluator(context: context).evaluate(expression) {
          output += value.printed
        }
      }
    }
    return output
  }
}
