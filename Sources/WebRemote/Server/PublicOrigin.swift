import HubSupport

/// The HTTPS origin a reverse proxy serves the web remote at (`--public-origin
/// https://music.example.org`): Caddy, nginx or `tailscale serve` terminate TLS and pass the
/// requests on to the hub's loopback listener. The `Host` and `Origin` checks accept it, and
/// nothing more.
package struct PublicOrigin: Sendable, Hashable, CustomStringConvertible {
  /// The origin, lower-cased: `https://` and the authority, no path.
  package let text: String
  /// The host and port as a `Host` header names them: `name` (port 443 unsaid) or `name:port`.
  package let authority: String

  /// Parses `https://NAME` or `https://NAME:PORT` (a trailing `/` allowed).
  ///
  /// - Throws: a message that says what is wrong.
  package init(_ value: String) throws(APIError) {
    var text = value.trimmingSpaces().lowercased()
    if text.hasSuffix("/") { text.removeLast() }
    guard text.hasPrefix("https://") else {
      throw APIError(
        .badRequest,
        "the public origin must start with https:// (a proxy that terminates TLS), not \"\(value)\"")
    }
    let authority = String(text.dropFirst("https://".count))
    let host = authority.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
    let port =
      authority.contains(":") ? authority.split(separator: ":", maxSplits: 1).last.map(String.init) : nil
    guard !host.isEmpty,
      host.unicodeScalars.allSatisfy({
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
      }),
      port.map({ Int($0).map { (1...65535).contains($0) } ?? false }) ?? true
    else {
      throw APIError(
        .badRequest,
        "the public origin is https://NAME or https://NAME:PORT, no path or user, not \"\(value)\"")
    }
    self.text = text
    self.authority = port == "443" ? host : authority
  }

  /// The origin.
  package var description: String { text }

  /// The `Host` values a proxy may forward: the authority, and with port 443 said or unsaid.
  package var hosts: [String] {
    authority.contains(":") ? [authority] : [authority, authority + ":443"]
  }
}
