import HubSupport
import Synchronization

extension PlayerDirectory {
  // MARK: - Clients

  /// A new client's stream of messages, starting with a `snapshot`; nothing is missed or sent
  /// twice between the two.
  func subscribe(deviceID: String) -> (UInt64, AsyncStream<String>) {
    let (stream, continuation) = AsyncStream.makeStream(
      of: String.self, bufferingPolicy: .bufferingOldest(Subscriber.maximumBacklog))
    let id = state.withLock { state -> UInt64 in
      let id = state.nextSubscriber
      state.nextSubscriber += 1
      continuation.yield(Self.snapshotMessage(of: &state))
      state.subscribers[id] = Subscriber(deviceID: deviceID, continuation: continuation)
      return id
    }
    return (id, stream)
  }

  /// The `snapshot` message: every player, in order, with the Now Playing id.
  private static func snapshotMessage(of state: inout State) -> String {
    guard case .object(let members) = snapshot(of: &state) else { return "{}" }
    return JSONValue.object([("type", .string("snapshot"))] + members).text
  }

  /// Sends a client the whole state again (its `resync`).
  func resync(_ subscriber: UInt64) {
    state.withLock { state in
      Self.deliver(Self.snapshotMessage(of: &state), to: subscriber, in: &state)
    }
  }

  /// Sends one client one message (an acknowledgement, an error).
  func send(_ message: JSONValue, to subscriber: UInt64) {
    state.withLock { state in
      Self.deliver(message.text, to: subscriber, in: &state)
    }
  }

  /// Forgets a client.
  func unsubscribe(_ subscriber: UInt64) {
    state.withLock { state in
      state.subscribers.removeValue(forKey: subscriber)?.continuation.finish()
      state.closeReasons[subscriber] = nil
    }
  }

  /// Why the directory ended a client's stream, if it did.
  func closeReason(_ subscriber: UInt64) -> Subscriber.CloseReason? {
    state.withLock { $0.closeReasons[subscriber] }
  }

  /// Ends the streams of every client of `deviceID` (revoked).
  func disconnect(deviceID: String) {
    state.withLock { state in
      for (id, subscriber) in state.subscribers where subscriber.deviceID == deviceID {
        state.closeReasons[id] = .revoked
        state.subscribers[id] = nil
        subscriber.continuation.finish()
      }
    }
  }

  /// Sends `message` to every client.
  func broadcast(_ message: JSONValue, in state: inout State) {
    guard !state.subscribers.isEmpty else { return }
    let text = message.text
    for id in state.subscribers.keys { Self.deliver(text, to: id, in: &state) }
  }

  /// Sends `text` to client `subscriber`; one too far behind to take it is ended (`overflow`).
  private static func deliver(_ text: String, to subscriber: UInt64, in state: inout State) {
    guard let client = state.subscribers[subscriber] else { return }
    if case .dropped = client.continuation.yield(text) {
      state.closeReasons[subscriber] = .overflow
      state.subscribers[subscriber] = nil
      client.continuation.finish()
    }
  }

  /// Ends every client's stream: the directory stops.
  func stopAll() {
    state.withLock { state in
      for (id, subscriber) in state.subscribers {
        state.closeReasons[id] = .shutdown
        subscriber.continuation.finish()
      }
      state.subscribers = [:]
    }
  }
}
