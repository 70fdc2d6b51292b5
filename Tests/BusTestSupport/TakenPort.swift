import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback TCP port the test holds, listening, so that a hub told to listen on it cannot.
package final class TakenPort: Sendable {
  /// The port.
  package let port: Int
  private let descriptor: Int32

  /// Takes a free loopback port.
  package init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw TestFailure("socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard bound == 0, named == 0, listen(descriptor, 1) == 0 else {
      let code = errno
      close(descriptor)
      throw TestFailure("cannot take a loopback port: errno \(code)")
    }
    self.descriptor = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  /// A loopback port nobody listens on now: taken, then let go at once (a listening socket
  /// closed before any connection leaves nothing behind), for a server the test starts on it.
  package static func free() throws -> Int {
    try TakenPort().port
  }

  deinit {
    close(descriptor)
  }
}
