import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import RemoteControl

/// One HTTP/1.1 `GET` for a picture, over a connection of its own that is closed once the answer
/// is known (`Connection: close`): pictures are fetched rarely, so no connection is kept for a
/// next one.
///
/// The connection is made on SwiftNIO's shared event loops (the ones the hub's HTTP server runs
/// on). An `https` one goes through TLS: the server's certificate must chain to the trust roots
/// of the TLS context and name the URL's host (or its address), and the host is sent as the
/// server name (SNI) unless it is an address. Cancelling the task that waits for the answer
/// closes the connection, whether it is still being made or already answering.
struct ArtworkRequest: Sendable {
  /// What the server answered.
  enum Answer: Sendable {
    /// The picture's bytes, no more than the limit.
    case picture(ByteBuffer)
    /// A redirect: the `Location` field as the server sent it, perhaps relative.
    case redirect(to: String)
  }

  /// Where the picture is.
  var location: ArtworkLocation
  /// The most bytes of body taken.
  var limit: Int
  /// The TLS context an `https` location is fetched with; not used for `http`.
  var tls: NIOSSLContext?
  /// The most time that making the connection (name lookup included) may take.
  var connectTimeout: TimeAmount

  /// The request as sent.
  var head: HTTPRequestHead {
    var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: location.target)
    head.headers.add(name: "Host", value: location.hostField)
    head.headers.add(name: "User-Agent", value: "remotectld/\(PackageVersion.current)")
    head.headers.add(name: "Accept", value: "image/*")
    head.headers.add(name: "Connection", value: "close")
    return head
  }

  /// Sends the request and waits for the answer.
  ///
  /// Throws an ``ArtworkFetcher/Failure`` for an answer refused, `CancellationError` when the
  /// task is cancelled, and SwiftNIO's own errors (a connection refused, a TLS handshake that
  /// failed, an answer that is not HTTP) as they come.
  func send() async throws -> Answer {
    let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
    let answer = eventLoop.makePromise(of: Answer.self)
    return try await withTaskCancellationHandler {
      ClientBootstrap(group: eventLoop)
        .connectTimeout(connectTimeout)
        .connect(host: location.host, port: location.port)
        .whenComplete { result in
          switch result {
          case .failure(let error):
            answer.fail(error)
          case .success(let channel):
            // Closed as soon as the answer is known, by whatever completes it; at once if it
            // already is (the task was cancelled while the connection was being made).
            answer.futureResult.whenComplete { _ in channel.close(promise: nil) }
            do {
              try ask(on: channel, answer: answer)
            } catch {
              answer.fail(error)
            }
          }
        }
      return try await answer.futureResult.get()
    } onCancel: {
      answer.fail(CancellationError())
    }
  }

  /// Puts TLS (for `https`), the HTTP/1.1 codec and the handler that sends the request and reads
  /// the answer on `channel`, which is connected. Runs on the channel's event loop.
  private func ask(on channel: any Channel, answer: EventLoopPromise<Answer>) throws {
    let pipeline = channel.pipeline.syncOperations
    if location.isSecure {
      guard let tls else { throw ArtworkFetcher.Failure(reason: "no TLS context for an https picture") }
      try pipeline.addHandler(
        NIOSSLClientHandler(context: tls, serverHostname: location.hostIsAddress ? nil : location.host))
    }
    try pipeline.addHTTPClientHandlers()
    try pipeline.addHandler(ArtworkResponseHandler(request: head, limit: limit, answer: answer))
  }
}
