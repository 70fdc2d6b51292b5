import HummingbirdWebSocket
import Logging
import NIOWebSocket

/// Runs one WebSocket connection of the bridge: reads the client's messages (within the rate
/// and size limits), has its ``BridgeSession`` apply them, writes the answers and actions, and
/// removes the connection's players when it ends.
struct BridgeConnection: Sendable {
  let hub: BridgeHub
  let listener: BridgeListener

  /// Serves the connection until it closes.
  func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, origin: String?) async {
    let configuration = hub.configuration
    let access = ConnectionAccess(listener: listener, origin: origin, configuration: configuration)
    let (outbox, continuation) = AsyncStream.makeStream(of: String.self)
    let send: @Sendable (HubMessage) -> Void = { continuation.yield($0.text) }
    let session = await BridgeSession(hub: hub, access: access, send: send)
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for await text in outbox {
          do {
            try await outbound.write(.text(text))
          } catch {
            return
          }
        }
      }
      var messages = inbound.messages(maxSize: configuration.limits.messageBytes * 2).makeAsyncIterator()
      let fatal = await read(
        &messages, access: access, session: session, send: send, limits: configuration.limits)
      await session.close()
      continuation.finish()
      await group.waitForAll()
      guard let fatal else { return }
      do {
        try await outbound.close(
          fatal.code == .messageTooLarge ? .messageTooLarge : .policyViolation, reason: fatal.code.rawValue)
        // Read on (and drop) until the client answers the close: a socket closed with unread data
        // is reset, and the reset would lose the error just sent before the client reads it.
        while try await messages.next() != nil {}
      } catch {
        hub.logger.debug(
          "bridge connection ended before its close was answered",
          metadata: ["error": "\(error)", "closing for": "\(fatal.code.rawValue)"])
      }
    }
  }

  /// Reads and applies messages until the connection closes or a fatal error.
  ///
  /// - Returns: The fatal error, if one ended the connection.
  private func read(
    _ messages: inout WebSocketInboundMessageStream.AsyncIterator, access: ConnectionAccess,
    session: BridgeSession,
    send: @Sendable (HubMessage) -> Void, limits: BridgeLimits
  ) async -> ProtocolError? {
    if case .refusedOrigin(let origin) = access {
      let error = ProtocolError(
        .originNotAllowed,
        "the origin \(origin.prefix(256)) is not allowed to use the bridge; allow it with "
          + "remotectld --bridge-origin or in $XDG_CONFIG_HOME/remotectld/bridge-origins")
      send(.error(error, id: nil, player: nil))
      return error
    }
    var rate = MessageRate(limits: limits)
    let parser = MessageParser(limits: limits)
    do {
      while let message = try await messages.next() {
        switch rate.admit() {
        case .accept: break
        case .drop: continue
        case .dropAndReport:
          send(
            .error(
              ProtocolError(
                .rateLimited,
                "more than \(limits.messagesPerSecond) messages a second (burst \(limits.messageBurst)); "
                  + "messages are dropped until the rate falls"),
              id: nil, player: nil))
          continue
        }
        switch message {
        case .binary:
          send(
            .error(
              ProtocolError(.binaryNotSupported, "binary frames are not read; send JSON text"), id: nil,
              player: nil))
        case .text(let text):
          let size = text.utf8.count
          guard size <= limits.messageBytes else {
            let error = ProtocolError(
              .messageTooLarge, "a message of \(size) bytes, over the limit of \(limits.messageBytes)")
            send(.error(error, id: nil, player: nil))
            return error
          }
          if let fatal = await session.apply(parser.parse(text)) { return fatal }
        }
      }
    } catch {
      hub.logger.debug("bridge connection ended", metadata: ["error": "\(error)"])
    }
    return nil
  }
}
