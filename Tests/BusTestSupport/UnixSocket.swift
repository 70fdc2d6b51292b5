import Glibc

/// Whether a server accepts connections on the Unix socket at `path`.
///
/// The socket's file appears when the server binds it, before it listens: a client that
/// connects in between is refused. Readiness is therefore a connect that succeeds, not a file
/// that exists.
package func acceptsConnections(atUnixSocket path: String) -> Bool {
  let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
  guard descriptor >= 0 else { return false }
  defer { close(descriptor) }
  guard let address = UnixSocketAddress(path) else { return false }
  // The corresponding C function is `connect`.
  return address.withSocketAddress { connect(descriptor, $0, $1) } == 0
}

/// A Unix socket of the test's own bound at `path`: listening, as a server makes it (a
/// connection waits in its queue of `backlog`, never accepted), or, with `listening` false, only
/// bound, as a server that was killed leaves it. The caller closes the returned descriptor.
///
/// - Throws: ``TestFailure`` when `path` is too long for a socket address, or the socket cannot
///   be made, bound or listened on (the system's reason in words).
package func bindUnixSocket(at path: String, listening: Bool = true, backlog: Int32 = 64) throws -> Int32 {
  guard let address = UnixSocketAddress(path) else {
    throw TestFailure("\(path) is too long for a Unix socket's address")
  }
  let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
  guard descriptor >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
  // The corresponding C functions are `bind` and `listen`.
  guard address.withSocketAddress({ bind(descriptor, $0, $1) }) == 0 else {
    let reason = String(cString: strerror(errno))
    close(descriptor)
    throw TestFailure("bind \(path): \(reason)")
  }
  guard !listening || listen(descriptor, backlog) == 0 else {
    let reason = String(cString: strerror(errno))
    close(descriptor)
    throw TestFailure("listen on \(path): \(reason)")
  }
  return descriptor
}

/// A `sockaddr_un` for a path, which must fit in it with its terminating zero.
private struct UnixSocketAddress {
  private var address = sockaddr_un()

  init?(_ path: String) {
    address.sun_family = sa_family_t(AF_UNIX)
    let fits = withUnsafeMutableBytes(of: &address.sun_path) { raw in
      guard path.utf8.count < raw.count else { return false }
      for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
      return true
    }
    guard fits else { return nil }
  }

  /// Calls `body` with the address as a `sockaddr` and its length.
  func withSocketAddress(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
    let length = socklen_t(MemoryLayout<sockaddr_un>.size)
    return withUnsafePointer(to: address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
    }
  }
}
