import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization
import Testing

/// A server on loopback that answers each request with bytes a test writes by hand, so that a
/// test can send what a well-behaved server would not: endless redirects, chunks past a limit,
/// silence. Over TLS when given a context.
final class PictureServer: Sendable {
  /// What the server does with a request for a path.
  enum Reply: Sendable {
    /// Sends these bytes, as they are.
    case bytes([UInt8])
    /// Sends nothing, and keeps the connection open.
    case silence
  }

  /// The port it listens on.
  let port: Int
  private let channel: any Channel
  private let state: Mutex<(requests: [String], accepted: Int, closed: Int)>

  /// The request heads received, in order (request line and fields).
  var requests: [String] { state.withLock { $0.requests } }
  /// How many connections have been accepted.
  var acceptedConnections: Int { state.withLock { $0.accepted } }
  /// How many connections have been closed.
  var closedConnections: Int { state.withLock { $0.closed } }

  private init(channel: any Channel) throws {
    self.channel = channel
    self.state = Mutex(([], 0, 0))
    self.port = try #require(channel.localAddress?.port)
  }

  /// Starts a server on `host` (an address) that answers a request for a path with `reply`.
  static func start(
    host: String = "127.0.0.1", tls: NIOSSLContext? = nil, reply: @escaping @Sendable (String) -> Reply
  ) async throws -> PictureServer {
    let box = Box()
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
          if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
          try channel.pipeline.syncOperations.addHandler(Responder(box: box, reply: reply))
        }
      }
      .bind(host: host, port: 0).get()
    let server = try PictureServer(channel: channel)
    box.server.withLock { $0 = server }
    return server
  }

  /// Stops listening (the connections open stay).
  func stop() async throws {
    try await channel.close()
  }

  /// A whole answer: a status line, `fields`, a `Content-Length` and `body`.
  static func answer(_ status: String = "200 OK", fields: [String] = [], body: [UInt8] = []) -> Reply {
    let head = (["HTTP/1.1 \(status)"] + fields + ["Content-Length: \(body.count)", "", ""])
      .joined(separator: "\r\n")
    return .bytes(Array(head.utf8) + body)
  }

  /// A redirect to `location`.
  static func redirect(_ location: String, status: String = "302 Found") -> Reply {
    answer(status, fields: ["Location: \(location)"])
  }

  /// A `200` whose body is sent chunked (`Transfer-Encoding: chunked`), in `chunks`.
  static func chunked(_ chunks: [[UInt8]], type: String = "image/png") -> Reply {
    var bytes = Array("HTTP/1.1 200 OK\r\nContent-Type: \(type)\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
    for chunk in chunks {
      bytes += Array("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + Array("\r\n".utf8)
    }
    return .bytes(bytes + Array("0\r\n\r\n".utf8))
  }

  fileprivate func received(_ head: String) {
    state.withLock { $0.requests.append(head) }
  }

  fileprivate func accepted() {
    state.withLock { $0.accepted += 1 }
  }

  fileprivate func closed() {
    state.withLock { $0.closed += 1 }
  }
}

/// The server, once it exists, for the connections' handlers.
private final class Box: Sendable {
  let server = Mutex<PictureServer?>(nil)
}

/// Reads a request head and sends the reply for its path.
private final class Responder: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer

  private let box: Box
  private let reply: @Sendable (String) -> PictureServer.Reply
  private var received = ""

  init(box: Box, reply: @escaping @Sendable (String) -> PictureServer.Reply) {
    self.box = box
    self.reply = reply
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    received += String(buffer: unwrapInboundIn(data))
    guard let end = received.range(of: "\r\n\r\n") else { return }
    let head = String(received[..<end.lowerBound])
    received = ""
    box.server.withLock { $0 }?.received(head)
    let path = head.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
    switch reply(path) {
    case .bytes(let bytes):
      context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: bytes)), promise: nil)
    case .silence:
      break
    }
  }

  func channelActive(context: ChannelHandlerContext) {
    box.server.withLock { $0 }?.accepted()
    context.fireChannelActive()
  }

  func channelInactive(context: ChannelHandlerContext) {
    box.server.withLock { $0 }?.closed()
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // The client closed first (it refused the answer): nothing more to send.
    context.close(promise: nil)
  }
}
