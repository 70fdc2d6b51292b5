import Glibc

/// A self-pipe that wakes the owner thread's `poll` when another thread hands it work.
///
/// Writing is safe from any thread; reading happens only on the owner thread.
struct WakeUp: Sendable {
  /// The end the owner thread polls.
  let readEnd: Int32
  private let writeEnd: Int32

  /// Creates the pipe, both ends non-blocking and close-on-exec.
  init() throws(BusError) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw BusError(.failed, "could not create the wake-up pipe", operation: "pipe", errno: errno)
    }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  /// Makes the next `poll` on ``readEnd`` return. A full pipe already guarantees that.
  func signal() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Empties the pipe after a wake-up.
  func drain() {
    var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    while withUnsafeMutableBytes(of: &buffer, { read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
  }

  /// Closes both ends.
  func close() {
    _ = Glibc.close(readEnd)
    _ = Glibc.close(writeEnd)
  }
}

/// The time on `CLOCK_MONOTONIC` (sd-bus's clock for timeouts), in microseconds.
func monotonicMicroseconds() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
}

/// Milliseconds from now until `deadline` (µs, monotonic), rounded up, for `poll`.
func pollTimeout(until deadline: UInt64) -> Int32 {
  let now = monotonicMicroseconds()
  guard deadline > now else { return 0 }
  return Int32(clamping: (deadline - now + 999) / 1_000)
}

/// Waits until one of `descriptors` is ready or `timeout` ms pass (-1: no timeout).
func waitForEvents(_ descriptors: inout [pollfd], timeout: Int32) {
  _ = descriptors.withUnsafeMutableBufferPointer {
    poll($0.baseAddress, nfds_t($0.count), timeout)
  }
}

/// The calling thread's Linux thread id, read from the `/proc/thread-self` link
/// (`<pid>/task/<tid>`); 0 when /proc is not mounted.
func currentKernelThreadID() -> Int32 {
  var buffer = [CChar](repeating: 0, count: 64)
  let length = readlink("/proc/thread-self", &buffer, buffer.count - 1)
  guard length > 0 else { return 0 }
  let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return link.split(separator: "/").last.flatMap { Int32($0) } ?? 0
}
