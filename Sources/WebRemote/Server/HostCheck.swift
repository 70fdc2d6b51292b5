package import Hummingbird
import Synchronization

/// Refuses every request whose `Host` header names none of the server's listeners, so that a
/// web page of another site cannot reach the hub through DNS rebinding.
///
/// Add it to the router before any route; tell it each listener's address once it is bound
/// (``allow(host:port:)``).
package final class HostCheck<Context: RequestContext>: RouterMiddleware {
  private let allowed = Mutex<Set<String>>([])

  /// A check that allows nothing yet.
  package init() {}

  /// Allows `host` (a name or an IP address, IPv6 without brackets) with `port`: the request's
  /// `Host` must be exactly `host:port`, compared without regard to case.
  package func allow(host: String, port: Int) {
    let name = host.contains(":") ? "[\(host)]" : host
    allow(authority: "\(name):\(port)")
  }

  /// Allows the `Host` value `authority` exactly (compared without regard to case), such as
  /// `localhost:7600`.
  package func allow(authority: String) {
    allowed.withLock { _ = $0.insert(authority.lowercased()) }
  }

  /// Allows the loopback names with `port`: `127.0.0.1`, `localhost` and `::1`.
  package func allowLoopback(port: Int) {
    for host in ["127.0.0.1", "localhost", "::1"] { allow(host: host, port: port) }
  }

  /// Answers `421 misdirected-host` unless the request's `Host` is allowed.
  package func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let host = request.host
    guard !allowed.withLock({ $0.contains(host) }) else { return try await next(request, context) }
    return APIResponse.error(
      APIError(
        .misdirectedHost,
        host.isEmpty ? "the request has no Host header" : "this server does not answer for the host \(host)"))
  }
}
