/// Why text is not a JSON value, in Foundation's words and with where in the value it went wrong.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, such as `Invalid escape sequence around character 1.` or `Unexpected end of
  /// file (at .devices[0])`.
  package var reason: String

  /// An error saying `reason`.
  package init(_ reason: String) {
    self.reason = reason
  }

  /// The reason.
  package var description: String { reason }
}
