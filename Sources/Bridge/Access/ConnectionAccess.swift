/// How a connection was let in, read from its listener and its upgrade request.
enum ConnectionAccess: Sendable, Hashable {
  /// Over the unix socket: no token needed.
  case unixSocket
  /// A browser from an allowed origin: no token needed.
  case allowedOrigin(String)
  /// A browser from an origin the user did not allow: refused before any message is read.
  case refusedOrigin(String)
  /// A program over TCP: its `hello` must carry the token.
  case program

  /// The access of a connection on `listener` whose upgrade request had `origin`.
  ///
  /// An `Origin` of scheme `ws` or `wss` is not a browser's (browsers send the page's `http(s)`
  /// origin, or `null`): some WebSocket libraries for programs send one, so it counts as none.
  init(listener: BridgeListener, origin: String?, configuration: BridgeConfiguration) {
    let lowered = origin?.lowercased()
    if let origin, lowered?.hasPrefix("ws://") == false, lowered?.hasPrefix("wss://") == false {
      let allowed = configuration.ownOrigins.contains(origin) || configuration.allowedOrigins.contains(origin)
      self = allowed ? .allowedOrigin(origin) : .refusedOrigin(origin)
      return
    }
    switch listener {
    case .unixSocket: self = .unixSocket
    case .loopback: self = .program
    }
  }

  /// Whether `hello` must carry the token.
  var needsToken: Bool {
    switch self {
    case .program: true
    case .unixSocket, .allowedOrigin, .refusedOrigin: false
    }
  }
}
