/// playerctl's template arithmetic: int64 with int64 stays int64 (overflow is an error), any
/// other numeric mix is done in doubles; strings and unset values are errors.
enum TemplateArithmetic {
  /// Unary `+` (numbers unchanged) and `-` (int64 and double negated).
  static func unary(_ op: String, _ operand: TemplateValue?) throws(TemplateError) -> TemplateValue {
    switch (op, operand) {
    case ("+", let value?) where value.isNumeric: return value
    case ("-", .int64(let value)?) where value != Int64.min: return .int64(-value)
    case ("-", .double(let value)?): return .double(-value)
    default:
      throw TemplateError(
        "Got unsupported operand type for unary \(op): '\(operand?.signature ?? "NULL")'")
    }
  }

  /// Binary `+ - * /`.
  static func binary(_ op: String, _ left: TemplateValue?, _ right: TemplateValue?)
    throws(TemplateError) -> TemplateValue
  {
    guard let left, let right, let a = left.doubleValue, let b = right.doubleValue else {
      if (op == "+" || op == "-"), left == nil || right == nil {
        throw TemplateError("Got unsupported operand type for \(op): NULL")
      }
      throw TemplateError(
        "Got unsupported operand types for \(op): '\(left?.signature ?? "NULL")' and '\(right?.signature ?? "NULL")'"
      )
    }
    if case .int64(let x) = left, case .int64(let y) = right {
      return .int64(try integer(op, x, y))
    }
    switch op {
    case "+": return .double(a + b)
    case "-": return .double(a - b)
    case "*": return .double(a * b)
    default:
      guard b != 0 else { throw TemplateError("Divide by zero error") }
      return .double(a / b)
    }
  }

  private static func integer(_ op: String, _ x: Int64, _ y: Int64) throws(TemplateError) -> Int64 {
    let (result, overflow): (Int64, Bool)
    switch op {
    case "+": (result, overflow) = x.addingReportingOverflow(y)
    case "-": (result, overflow) = x.subtractingReportingOverflow(y)
    case "*": (result, overflow) = x.multipliedReportingOverflow(by: y)
    default:
      guard y != 0 else { throw TemplateError("Divide by zero error") }
      (result, overflow) = x.dividedReportingOverflow(by: y)
    }
    guard !overflow else { throw TemplateError("Numeric overflow detected") }
    return result
  }
}
