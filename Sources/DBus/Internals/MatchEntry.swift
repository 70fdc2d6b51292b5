/// An installed match rule and its handler, on the owner thread.
final class MatchEntry {
  let id: UInt64
  let rule: String
  let handler: @Sendable (ReceivedMessage) -> Void
  /// The sd-bus slot of the match; `nil` while disconnected.
  var slot: SlotHandle?

  init(id: UInt64, rule: String, handler: @escaping @Sendable (ReceivedMessage) -> Void) {
    self.id = id
    self.rule = rule
    self.handler = handler
  }
}
