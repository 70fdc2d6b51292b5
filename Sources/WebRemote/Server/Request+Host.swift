import Hummingbird

extension Request {
  /// The `Host` the client named, lower-cased: the request's authority, or its `Host` header
  /// where the server left it among the headers (WebSocket upgrades); empty when it named none.
  var host: String {
    if let authority = head.authority { return authority.lowercased() }
    guard let name = HTTPFields.Element.Name("Host") else { return "" }
    return (headers[name] ?? "").lowercased()
  }
}
