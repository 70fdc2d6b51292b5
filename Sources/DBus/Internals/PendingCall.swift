/// A method call sent and waiting for its reply, on the owner thread.
final class PendingCall {
  let id: UInt64
  let member: String
  /// The sd-bus slot that holds the reply callback; `nil` once finished.
  var slot: SlotHandle?
  /// The state that waits for it.
  weak var state: BusState?
  let completion: (BusState, Result<[Value], BusError>) -> Void

  init(id: UInt64, member: String, completion: @escaping (BusState, Result<[Value], BusError>) -> Void) {
    self.id = id
    self.member = member
    self.completion = completion
  }
}
