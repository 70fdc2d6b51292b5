import Synchronization

/// The answer one incoming method call still owes its caller: sent once, from any thread, by
/// the owner thread; a call dropped unanswered is failed with `NoReply`.
final class PendingReply: Sendable {
  private let call: MessageReference
  private let expected: Signature
  private let loop: BusLoop
  private let completed = Atomic<Bool>(false)

  /// Takes over one reference on `call` (the caller has already retained it).
  init(call: MessageHandle, expected: Signature, loop: BusLoop) {
    self.call = MessageReference(call)
    self.expected = expected
    self.loop = loop
  }

  /// Sends the answer, unless one was sent already.
  func complete(_ result: Result<[Value], BusError>) {
    guard !completed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    let call = self.call
    let expected = self.expected
    loop.run { state in state.answer(call.handle, with: result, expected: expected) }
  }

  /// Gives the call back unanswered, for sd-bus to dispatch further (a property write a handler
  /// declined): drops our reference without replying. Only on the owner thread.
  func relinquish() {
    guard !completed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    SDBus.release(message: call.handle)
  }

  deinit {
    guard !completed.load(ordering: .acquiring) else { return }
    let call = self.call
    let expected = self.expected
    loop.run { state in
      state.answer(
        call.handle,
        with: .failure(BusError(.noReply, "the service dropped this call without answering it")),
        expected: expected)
    }
  }
}
