/// A format template that cannot be parsed or expanded, with playerctl's message for it.
///
/// playerctl prints these as `Could not execute command: <message>` and exits 1; so do we.
struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message, worded as playerctl words it (positions are byte offsets in the template).
  var message: String

  /// Creates an error with `message`.
  init(_ message: String) { self.message = message }

  var description: String { message }
}
