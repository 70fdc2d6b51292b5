import Hummingbird

/// Adds `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` to every answer of
/// the web remote, and to the API's `X-Remote-Time`: the hub's clock, which signatures must be
/// within 30 s of (a page whose clock is off catches up from it).
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
  /// Whether to say the hub's time too (the API's answers).
  var tellsTime = false

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    APIResponse.secure(&response.headers)
    if tellsTime, let name = HTTPFields.Element.Name("X-Remote-Time") {
      response.headers[name] = String(RequestSignature.now())
    }
    return response
  }
}
