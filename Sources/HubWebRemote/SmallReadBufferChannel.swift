import HubCore
import HummingbirdCore
import Logging
import NIOCore

/// A server's connections as `base` sets them up, each reading into a buffer sized for what web
/// remote clients send (an upgrade request, small JSON messages) rather than SwiftNIO's 2 KiB
/// start.
///
/// Each connection keeps its read buffer for reuse while it is open: with a thousand clients
/// connected, SwiftNIO's default holds 2 MiB of buffers that small messages never fill. The
/// buffer still grows, as SwiftNIO's adaptive allocator grows it, when reads fill it.
struct SmallReadBufferChannel<Base: ServerChildChannel>: ServerChildChannel {
  /// The first read buffer of a connection: an upgrade request fits in two reads at most.
  static var initialReadSize: Int { 512 }

  package let base: Base

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
    // The child channel initializer runs on the connection's event loop, where the synchronous
    // options are available.
    do {
      try channel.syncOptions?.setOption(
        .recvAllocator,
        value: AdaptiveRecvByteBufferAllocator(minimum: 64, initial: Self.initialReadSize, maximum: 64 << 10))
    } catch {
      return channel.eventLoop.makeFailedFuture(error)
    }
    return base.setup(channel: channel, logger: logger)
  }

  func handle(value: Base.Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }
}
