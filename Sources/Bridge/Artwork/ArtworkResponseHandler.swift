import HubSupport
import NIOCore
import NIOHTTP1
import NIOSSL

/// Asks a server for a picture and reads its answer, on a connection whose HTTP/1.1 codec is
/// already in place: it sends the request as soon as it is added, then takes the first answer.
///
/// A redirect (301, 302, 303, 307 or 308 with a `Location` field) is handed back unread. Anything
/// else but a 2xx answer is refused, and so is a type that is not a picture (the type is checked
/// before a byte of the body is read), a `Content-Length` over the limit, and a body that grows
/// past the limit, however it is sent (chunked or up to the close). The connection is closed as
/// soon as the answer is known, and the promise completed once.
final class ArtworkResponseHandler: ChannelInboundHandler {
  typealias InboundIn = HTTPClientResponsePart
  typealias OutboundOut = HTTPClientRequestPart

  private enum State {
    /// The request is sent; no answer yet.
    case waiting
    /// A 2xx answer came; its body so far.
    case reading(ByteBuffer)
    /// The promise is completed.
    case finished
  }

  private let request: HTTPRequestHead
  private let limit: Int
  private let answer: EventLoopPromise<ArtworkRequest.Answer>
  private var state = State.waiting

  /// Creates a handler that sends `request` and completes `answer` with what comes back, taking
  /// at most `limit` bytes of body.
  init(request: HTTPRequestHead, limit: Int, answer: EventLoopPromise<ArtworkRequest.Answer>) {
    self.request = request
    self.limit = limit
    self.answer = answer
  }

  func handlerAdded(context: ChannelHandlerContext) {
    guard context.channel.isActive else {
      finish(context, .failure(ArtworkFetcher.Failure(reason: "the server closed the connection at once")))
      return
    }
    context.write(wrapOutboundOut(.head(request)), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head(let head):
      guard case .waiting = state else { return }
      if let location = Self.redirect(head) {
        finish(context, .success(.redirect(to: location)))
        return
      }
      do {
        let length = try Self.check(head, limit: limit)
        state = .reading(context.channel.allocator.buffer(capacity: length ?? 0))
      } catch {
        finish(context, .failure(error))
      }
    case .body(var part):
      guard case .reading(var body) = state else { return }
      guard body.readableBytes + part.readableBytes <= limit else {
        finish(context, .failure(ArtworkFetcher.Failure(reason: "more than the limit of \(limit) bytes")))
        return
      }
      state = .finished  // So that `body` is the buffer's only reference while it grows.
      body.writeBuffer(&part)
      state = .reading(body)
    case .end:
      guard case .reading(let body) = state else { return }
      finish(context, .success(.picture(body)))
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    let reason =
      if case .reading = state { "the server closed the connection before the whole picture came" } else {
        "the server closed the connection without answering"
      }
    finish(context, .failure(ArtworkFetcher.Failure(reason: reason)))
    context.fireChannelInactive()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    // A TLS server may close without saying so first (close_notify). Then the close itself
    // decides: a body that the close ends is whole, one cut short by it is refused.
    if let error = error as? NIOSSLError, case .uncleanShutdown = error { return }
    finish(context, .failure(error))
  }

  /// Completes the promise, unless it is already, and closes the connection.
  private func finish(_ context: ChannelHandlerContext, _ result: Result<ArtworkRequest.Answer, any Error>) {
    if case .finished = state { return }
    state = .finished
    answer.completeWith(result)
    context.close(promise: nil)
  }

  /// Where a redirect points, if `head` is one.
  private static func redirect(_ head: HTTPResponseHead) -> String? {
    guard [301, 302, 303, 307, 308].contains(head.status.code) else { return nil }
    return head.headers.first(name: "location")
  }

  /// Refuses an answer that is not a 2xx, not a picture, or announced as larger than `limit`;
  /// returns the announced length.
  private static func check(_ head: HTTPResponseHead, limit: Int) throws(ArtworkFetcher.Failure) -> Int? {
    guard (200..<300).contains(head.status.code) else {
      throw ArtworkFetcher.Failure(reason: "the server answered HTTP \(head.status.code)")
    }
    if let type = head.headers.first(name: "content-type")?.split(separator: ";").first?
      .trimmingSpaces().lowercased(), !type.hasPrefix("image/"), type != "application/octet-stream"
    {
      throw ArtworkFetcher.Failure(reason: "the server sent \(type), not a picture")
    }
    guard let length = head.headers.first(name: "content-length").flatMap({ Int($0) }) else { return nil }
    guard length <= limit else {
      throw ArtworkFetcher.Failure(reason: "\(length) bytes, over the limit of \(limit)")
    }
    return length
  }
}
