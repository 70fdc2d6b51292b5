import Dispatch
import Glibc
package import NIOCore
import Synchronization

/// A stream socket the hub binds and listens on at start, and holds until a server takes it
/// over (``take()``, then SwiftNIO's `ServerBootstrap.bind(_:childChannelInitializer:)` on a
/// bound socket) or the hub stops (``close()``).
///
/// Binding at start keeps what a client and `remotectl doctor` see: a port already taken is an
/// error when the part starts, and the address (the port, when 0 asked for a free one) is known
/// before any client comes. What serves the socket can then start on the first connection,
/// which waits in the socket's backlog meanwhile (``firstConnection(on:)``).
package final class ListeningSocket: Sendable {
  /// The backlog Hummingbird's server listens with.
  static let backlog: Int32 = 256

  /// The address asked for, as the error messages say it: `127.0.0.1:7600`, or the socket's path.
  package let name: String
  /// The port bound (the one the system picked when 0 was asked for); 0 for a unix socket.
  package let port: Int
  /// The descriptor, until it is taken over or closed.
  private let descriptor: Mutex<CInt?>

  /// Binds a stream socket to `address` (with `SO_REUSEADDR` for an IP address, as Hummingbird
  /// does) and listens on it.
  ///
  /// The corresponding C functions are `socket`, `bind` and `listen`.
  ///
  /// - Throws: ``ListeningError`` naming the address and the system's reason, such as
  ///   "Address already in use".
  package init(address: SocketAddress) throws(ListeningError) {
    name = Self.name(of: address)
    let family = Int32(address.protocol.rawValue)
    let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw ListeningError(name, operation: "socket", errno: errno) }
    do throws(ListeningError) {
      if family != AF_UNIX {
        var on: CInt = 1
        guard setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<CInt>.size)) == 0
        else {
          throw ListeningError(name, operation: "setsockopt", errno: errno)
        }
      }
      let bound = address.withSockAddr { Glibc.bind(socket, $0, socklen_t($1)) }
      guard bound == 0 else { throw ListeningError(name, operation: "bind", errno: errno) }
      guard listen(socket, Self.backlog) == 0 else {
        throw ListeningError(name, operation: "listen", errno: errno)
      }
      port = family == AF_UNIX ? 0 : Self.boundPort(of: socket)
    } catch {
      Glibc.close(socket)
      throw error
    }
    descriptor = Mutex(socket)
  }

  /// The descriptor, handed to the server that serves it from now on (and closes it); `nil`
  /// once taken or closed.
  package func take() -> CInt? {
    descriptor.withLock { descriptor in
      defer { descriptor = nil }
      return descriptor
    }
  }

  /// Closes the socket unless a server took it; calling it again does nothing.
  package func close() {
    if let descriptor = take() { Glibc.close(descriptor) }
  }

  deinit {
    close()
  }

  /// Waits until one of `sockets` has a connection waiting to be accepted (it stays in the
  /// backlog for the server to accept), or the task is cancelled; returns at once when none is
  /// held.
  ///
  /// libdispatch's read sources watch the sockets, on the thread that already serves its timers:
  /// no thread of the hub's waits on them.
  package static func firstConnection(on sockets: [ListeningSocket]) async {
    let watch = ConnectionWatch()
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        watch.start(
          descriptors: sockets.compactMap { $0.descriptor.withLock { $0 } }, continuation: continuation)
      }
    } onCancel: {
      watch.finish()
    }
  }

  /// The port `socket` is bound to, read back with `getsockname`; 0 for an address that is not
  /// IP.
  ///
  /// On Linux both `sockaddr_in` and `sockaddr_in6` hold the port, in network byte order, in the
  /// two bytes after the 2-byte family.
  private static func boundPort(of socket: CInt) -> Int {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let read = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    let family = Int32(storage.ss_family)
    guard read == 0, family == AF_INET || family == AF_INET6 else { return 0 }
    return withUnsafeBytes(of: &storage) { Int(UInt16($0[2]) << 8 | UInt16($0[3])) }
  }

  private static func name(of address: SocketAddress) -> String {
    switch address {
    case .unixDomainSocket: address.pathname ?? "\(address)"
    default: "\(address.ipAddress ?? "?"):\(address.port ?? 0)"
    }
  }
}

/// A listening socket that could not be bound: which address, which call, and the system's
/// reason.
package struct ListeningError: Error, CustomStringConvertible {
  package let description: String

  package init(_ address: String, operation: String, errno code: Int32) {
    description = "\(operation) \(address): \(String(cString: strerror(code))) (errno \(code))"
  }
}

/// The read sources of one ``ListeningSocket/firstConnection(on:)``, and the waiter they wake
/// once every source is cancelled (libdispatch has then let go of the descriptors, which the
/// server takes over or the hub closes).
private final class ConnectionWatch: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, Never>?
    var sources: [any DispatchSourceRead] = []
    /// The sources not yet cancelled.
    var uncancelled = 0
    var isFinished = false
  }

  private let state = Mutex(State())

  /// Watches `descriptors`, and wakes `continuation` once the first is readable (or at once when
  /// there is none, or the watch is already finished).
  func start(descriptors: [CInt], continuation: CheckedContinuation<Void, Never>) {
    let isFinished = state.withLock { state in
      guard !state.isFinished, !descriptors.isEmpty else { return true }
      state.continuation = continuation
      state.uncancelled = descriptors.count
      for descriptor in descriptors {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global())
        source.setEventHandler { [self] in finish() }
        source.setCancelHandler { [self] in cancelled() }
        state.sources.append(source)
        source.resume()
      }
      return false
    }
    if isFinished { continuation.resume() }
  }

  /// Stops watching: the waiter wakes once every source is cancelled. Calling it again does
  /// nothing.
  func finish() {
    let sources = state.withLock { state in
      defer { state.isFinished = true }
      return state.isFinished ? [any DispatchSourceRead]() : state.sources
    }
    for source in sources { source.cancel() }
  }

  /// One source is cancelled; the last wakes the waiter.
  private func cancelled() {
    let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.uncancelled -= 1
      guard state.uncancelled == 0 else { return nil }
      defer {
        state.continuation = nil
        state.sources = []
      }
      return state.continuation
    }
    continuation?.resume()
  }
}
