import Synchronization

/// An installed match rule and its handler.
///
/// `slot` is touched only on the owner thread; ``cancel()`` and ``deliver(_:)`` from any thread.
final class MatchEntry: @unchecked Sendable {
  // Safe because: `slot` is read and written only on the connection's owner thread (inside
  // BusState); every other stored property is immutable or atomic.
  let id: UInt64
  let rule: String
  /// Whether a matching message from this sender is read at all; `nil`: every sender's is.
  let sentBy: (@Sendable (BusName) -> Bool)?
  private let handler: @Sendable (ReceivedMessage) -> Void
  /// The connection, told of a matched message that cannot be read.
  let loop: BusLoop
  private let cancelled = Atomic<Bool>(false)
  /// The sd-bus slot of the match; `nil` while disconnected.
  var slot: SlotHandle?

  init(
    id: UInt64, rule: String, sentBy: (@Sendable (BusName) -> Bool)? = nil,
    handler: @escaping @Sendable (ReceivedMessage) -> Void, loop: BusLoop
  ) {
    self.id = id
    self.rule = rule
    self.sentBy = sentBy
    self.handler = handler
    self.loop = loop
  }

  /// Hands `message` to the handler, unless the match was cancelled.
  func deliver(_ message: ReceivedMessage) {
    guard !cancelled.load(ordering: .acquiring) else { return }
    handler(message)
  }

  /// Says through ``Connection/onUndeliveredMessage`` why a matched message never reached the
  /// handler, unless the match was cancelled.
  func undeliverable(_ error: BusError) {
    guard !cancelled.load(ordering: .acquiring) else { return }
    loop.reportUndeliveredMessage(error)
  }

  /// Marks the match cancelled; `true` the first time only.
  func cancel() -> Bool {
    !cancelled.exchange(true, ordering: .acquiringAndReleasing)
  }
}
