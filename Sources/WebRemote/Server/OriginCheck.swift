import Hummingbird

/// Refuses a request whose `Origin` header is not the page's own: `http://` and its `Host`, or
/// the ``PublicOrigin`` the hub was told a proxy serves it at. Another site's page may neither
/// send commands nor open a WebSocket. WebSocket upgrades must carry an `Origin`; other
/// requests may omit it (programs do).
struct OriginCheck<Context: RequestContext>: RouterMiddleware {
  /// The origin a TLS-terminating proxy serves the page at, if any.
  var publicOrigin: PublicOrigin?

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    if let failure = Self.check(request, publicOrigin: publicOrigin) { return APIResponse.error(failure) }
    return try await next(request, context)
  }

  /// Why `request`'s origin is refused, or `nil` when it is the page's own.
  static func check(_ request: Request, publicOrigin: PublicOrigin? = nil) -> APIError? {
    let host = request.host
    let isUpgrade = request.headers[.upgrade]?.lowercased() == "websocket"
    // A browser sends one Origin; a program may send any, so several prove nothing either way:
    // the last one is taken (a client library adding its own before the caller's included).
    guard let origin = request.headers[values: .origin].last?.lowercased() else {
      return isUpgrade ? APIError(.forbiddenOrigin, "a WebSocket must say its Origin") : nil
    }
    // The proxy may pass the public name on as the Host, or put the hub's own address there.
    guard origin == "http://" + host || origin == publicOrigin?.text else {
      return APIError(.forbiddenOrigin, "requests from \(origin) are not allowed")
    }
    return nil
  }
}
