/// Which listener a bridge's routes serve, which decides how clients prove who they are.
package enum BridgeListener: Sendable, Hashable {
  /// The unix socket in the user's runtime folder: reaching it proves the user.
  case unixSocket
  /// Loopback TCP: programs give the token, browsers come from an allowed origin.
  case loopback
}
