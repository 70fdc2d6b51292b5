internal import Glibc

/// Every POSIX call AudioPlayback makes: the monotonic clock, sleeping until a deadline, and
/// writing files.
enum POSIXCalls {
  /// Nanoseconds on the monotonic clock (which no one can set back).
  ///
  /// The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
  static func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    _ = clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
  }

  /// Sleeps until the monotonic clock reads `deadline` nanoseconds, returning at once if it has
  /// passed.
  ///
  /// The corresponding C function is `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)`.
  static func sleep(untilMonotonicNanoseconds deadline: Int64) {
    var until = timespec(
      tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, nil) == EINTR {}
  }

  /// Creates (or empties) the file at `path` for writing.
  ///
  /// The corresponding C function is `open(O_WRONLY | O_CREAT | O_TRUNC)`.
  static func createFile(atPath path: String) throws(AudioOutputError) -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw fileError("Cannot create \(path)", errno)
    }
    return descriptor
  }

  /// Writes all of `bytes` at `offset`, or at the end of what was written if `offset` is nil.
  ///
  /// The corresponding C functions are `write` and `pwrite`.
  static func write(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int? = nil, path: String
  ) throws(AudioOutputError) {
    guard var next = bytes.baseAddress else { return }
    var left = bytes.count
    var position = offset
    while left > 0 {
      let written =
        if let at = position { pwrite(descriptor, next, left, off_t(at)) } else {
          Glibc.write(descriptor, next, left)
        }
      if written < 0 {
        if errno == EINTR { continue }
        throw fileError("Cannot write \(path)", errno)
      }
      left -= written
      next += written
      position = position.map { $0 + written }
    }
  }

  /// Closes `descriptor`.
  ///
  /// The corresponding C function is `close`.
  static func close(_ descriptor: Int32, path: String) throws(AudioOutputError) {
    guard Glibc.close(descriptor) == 0 else {
      throw fileError("Cannot finish writing \(path)", errno)
    }
  }

  private static func fileError(_ what: String, _ code: Int32) -> AudioOutputError {
    AudioOutputError(.fileFailed, "\(what): \(String(cString: strerror(code))).")
  }
}
