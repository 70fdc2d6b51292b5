import FoundationEssentials
import NIOCore

/// Where a picture is asked for: the server to connect to and what to ask it, read from an `http`
/// or `https` URL.
///
/// An IPv6 address is written in brackets in the URL (`http://[::1]:8080/cover.png`) and
/// connected to without them; a port the URL leaves out is the scheme's own (80, 443).
struct ArtworkLocation: Sendable, Hashable {
  /// The URL, absolute.
  var url: URL
  /// Whether the connection is TLS (`https`).
  var isSecure: Bool
  /// The server to connect to: a name, or an IPv4 or IPv6 address (without brackets).
  var host: String
  /// The port to connect to.
  var port: Int
  /// The path and query, as the request line carries them (`/covers/1.png?size=large`).
  var target: String
  /// Whether ``host`` is an IP address rather than a name: TLS then sends no server name (SNI
  /// carries names only), and the server's certificate must name the address.
  var hostIsAddress: Bool

  /// The `Host` field of the request: the host (an IPv6 address in brackets), and the port when
  /// it is not the scheme's own.
  var hostField: String {
    let name = host.contains(":") ? "[\(host)]" : host
    return port == (isSecure ? 443 : 80) ? name : "\(name):\(port)"
  }

  /// Reads `url`; refuses a URL that is not `http` or `https`, or names no server.
  init(_ url: URL) throws(ArtworkFetcher.Failure) {
    let url = url.absoluteURL
    switch url.scheme?.lowercased() {
    case "http": isSecure = false
    case "https": isSecure = true
    case let scheme:
      throw ArtworkFetcher.Failure(
        reason: "only http and https pictures are fetched, not \(scheme ?? "this URL")")
    }
    guard var host = url.host(percentEncoded: false), !host.isEmpty else {
      throw ArtworkFetcher.Failure(reason: "the URL names no server")
    }
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    let port = url.port ?? (isSecure ? 443 : 80)
    guard (1...65535).contains(port) else {
      throw ArtworkFetcher.Failure(reason: "the port \(port) is not a TCP port")
    }
    var target = url.path(percentEncoded: true)
    if target.isEmpty { target = "/" }
    if let query = url.query(percentEncoded: true) { target += "?\(query)" }
    self.url = url
    self.host = host
    self.port = port
    self.target = target
    self.hostIsAddress = Self.isAddress(host)
  }

  /// Where a redirect's `Location` field points, read against this location (a relative
  /// reference, such as `/other.png` or `../other.png`, is resolved against ``url``).
  func redirect(to location: String) throws(ArtworkFetcher.Failure) -> ArtworkLocation {
    guard let next = URL(string: location, relativeTo: url) else {
      throw ArtworkFetcher.Failure(
        reason: "the server redirected to \"\(location.prefix(256))\", which is not a URL")
    }
    return try ArtworkLocation(next)
  }

  /// Whether `host` is an IPv4 or IPv6 address.
  private static func isAddress(_ host: String) -> Bool {
    do {
      _ = try SocketAddress(ipAddress: host, port: 0)
      return true
    } catch {
      // Not an address, so a name: the error says only that.
      return false
    }
  }
}
