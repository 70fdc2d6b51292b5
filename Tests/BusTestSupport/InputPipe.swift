import Glibc
import Synchronization

/// The write end of a child's standard input: written whole, closed once.
final class InputPipe: Sendable {
  /// The descriptor, `nil` once closed; the lock keeps a write from meeting a close.
  private let descriptor: Mutex<Int32?>

  init(fd: Int32) { descriptor = Mutex(fd) }

  /// Writes every byte of `bytes`, retrying after interruptions and short writes.
  func write(_ bytes: [UInt8]) throws {
    try descriptor.withLock { fd in
      guard let fd else { throw TestFailure("the child's standard input is closed") }
      var offset = 0
      while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else {
          throw TestFailure("writing to the child's standard input failed: errno \(errno)")
        }
        offset += written
      }
    }
  }

  /// Closes the pipe; later writes fail.
  func close() {
    descriptor.withLock { fd in
      if let open = fd { _ = Glibc.close(open) }
      fd = nil
    }
  }

  deinit { close() }
}
