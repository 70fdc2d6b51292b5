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
  var address = sockaddr_un()
  address.sun_family = sa_family_t(AF_UNIX)
  let fits = withUnsafeMutableBytes(of: &address.sun_path) { raw in
    guard path.utf8.count < raw.count else { return false }
    for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    return true
  }
  guard fits else { return false }
  return withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
    }
  }
}
