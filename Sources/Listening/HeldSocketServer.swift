package import HummingbirdCore
package import Logging
import NIOCore
import NIOExtras
import NIOPosix
import ServiceLifecycle

/// Serves the connections of a ``ListeningSocket`` the hub held, each set up and handled by
/// `childChannel` (such as Hummingbird's `HTTP1WebSocketUpgradeChannel`), on SwiftNIO's
/// singleton event loops, until graceful shutdown.
///
/// It is what Hummingbird's `Server` does for an address it binds itself, on a socket bound
/// already (SwiftNIO's `ServerBootstrap.bind(_:childChannelInitializer:)`): the same child
/// channel options, and the same graceful shutdown (NIOExtras' `ServerQuiescingHelper`: stop
/// accepting, tell each connection to close once its request is answered, wait for them).
package struct HeldSocketServer<ChildChannel: ServerChildChannel>: Sendable {
  package let childChannel: ChildChannel
  package let logger: Logger

  package init(childChannel: ChildChannel, logger: Logger) {
    self.childChannel = childChannel
    self.logger = logger
  }

  /// Serves `socket` until graceful shutdown, then until its connections have closed.
  ///
  /// - Throws: When SwiftNIO cannot take the socket over (it was closed already, say).
  package func serve(_ socket: ListeningSocket) async throws {
    guard let descriptor = socket.take() else {
      throw ListeningError(socket.name, operation: "serve", errno: EBADF)
    }
    let group = MultiThreadedEventLoopGroup.singleton
    let quiescing = ServerQuiescingHelper(group: group)
    let childChannel = childChannel
    let logger = logger
    let server = try await ServerBootstrap(group: group)
      .serverChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandler(quiescing.makeServerChannelHandler(channel: channel))
        }
      }
      .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
      .bind(descriptor) { channel in childChannel.setup(channel: channel, logger: logger) }
    await withGracefulShutdownHandler {
      await withDiscardingTaskGroup { connections in
        do {
          try await server.executeThenClose { inbound in
            for try await connection in inbound {
              connections.addTask { await childChannel.handle(value: connection, logger: logger) }
            }
          }
        } catch {
          logger.error("stopped accepting on \(socket.name): \(error)")
        }
      }
    } onGracefulShutdown: {
      quiescing.initiateShutdown(promise: nil)
    }
  }
}
