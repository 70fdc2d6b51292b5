import Hummingbird

/// Adds `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` to every answer of
/// the web remote, its static files included.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response = try await next(request, context)
    APIResponse.secure(&response.headers)
    return response
  }
}
