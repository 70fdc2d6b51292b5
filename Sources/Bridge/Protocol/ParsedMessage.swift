import HubSupport

/// A client's message as read: its `id` and `player` (so that even a refusal can name them),
/// and the message or why it was refused.
struct ParsedMessage: Sendable {
  /// The `id` member, when it was a valid one: echoed in the answer.
  var id: JSONValue?
  /// The `player` member, when it was a string: echoed in an error.
  var player: String?
  /// The checked message, or why it was refused.
  var result: Result<ClientMessage, ProtocolError>
}
