import Glibc

/// Every C call of the input devices' reader, in one place: a failure becomes an
/// ``InputDeviceError`` here and nowhere else.
enum Syscalls {
  /// `EACCES`.
  static let permissionDenied = EACCES

  /// The size of one `struct input_event` on this machine: a `struct timeval` and three fields.
  static let inputEventSize = MemoryLayout<timeval>.size + 8

  /// `EV_SYN`, `SYN_DROPPED` and `EV_KEY` (`linux/input-event-codes.h`, which Glibc's module does
  /// not carry).
  static let synchronization: UInt16 = 0
  static let dropped: UInt16 = 3
  static let key: UInt16 = 1

  /// `strerror`'s words for `code`.
  static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// The path with every symbolic link resolved. The corresponding C function is `realpath`.
  static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// An event node opened for reading without blocking. The corresponding C function is `open`.
  static func openDevice(_ path: String) throws(InputDeviceError) -> Int32 {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw InputDeviceError("open", path, code: errno) }
    return descriptor
  }

  /// An inotify descriptor watching `folder` for files created, removed or given new attributes
  /// (udev's ACL for the seat's user). The corresponding C functions are `inotify_init1` and
  /// `inotify_add_watch`.
  static func watch(_ folder: String) throws(InputDeviceError) -> Int32 {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { throw InputDeviceError("watch", folder, code: errno) }
    let mask = UInt32(IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MOVED_TO)
    guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
      let code = errno
      close(descriptor)
      throw InputDeviceError("watch", folder, code: code)
    }
    return descriptor
  }

  /// A pipe whose write end stops the reader's thread: its read end becomes readable. The
  /// corresponding C functions are `pipe` and `fcntl` (`pipe2` needs `_GNU_SOURCE`).
  static func stopSignal() throws(InputDeviceError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw InputDeviceError("pipe", "the reader's stop signal", code: errno)
    }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, O_NONBLOCK)
    }
    return (ends[0], ends[1])
  }

  /// Writes one byte to the pipe end `descriptor`. The corresponding C function is `write`.
  static func signal(_ descriptor: Int32) {
    var byte: UInt8 = 1
    _ = Glibc.write(descriptor, &byte, 1)
  }

  /// Takes the input device `descriptor` for this process alone: no other reader (the desktop's
  /// libinput) gets its events while it is open. The corresponding C call is
  /// `ioctl(descriptor, EVIOCGRAB, 1)`.
  static func grab(_ descriptor: Int32) -> Int32? {
    // EVIOCGRAB: _IOW('E', 0x90, int).
    ioctl(descriptor, 0x4004_4590, 1) == 0 ? nil : errno
  }

  /// Closes `descriptor`. The corresponding C function is `close`.
  static func close(_ descriptor: Int32) {
    _ = Glibc.close(descriptor)
  }

  /// Waits, without a timeout, until one of `descriptors` is readable or hung up, and answers
  /// which (`revents` non-zero). The corresponding C function is `poll`.
  static func waitForInput(_ descriptors: [Int32]) -> [Bool] {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    var count: Int32
    repeat {
      count = poll(&entries, nfds_t(entries.count), -1)
    } while count < 0 && errno == EINTR
    return entries.map { $0.revents != 0 }
  }

  /// Reads what is waiting on a non-blocking `descriptor` and throws it away (an inotify queue). The corresponding C function is `read`.
  static func drain(_ descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while buffer.withUnsafeMutableBytes({ Glibc.read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
  }

  /// What reading a device gave.
  enum Reading {
    /// Its key events (others left out), and whether the kernel dropped events (`SYN_DROPPED`).
    case events([KeyEvent], dropped: Bool)
    /// Nothing waits now.
    case empty
    /// The device is gone (unplugged, or its uinput program closed it) or failed with `errno`.
    case gone(Int32)
  }

  /// The `struct input_event`s waiting on `descriptor`, read whole with plain `read` calls. The
  /// corresponding C function is `read`.
  static func readEvents(_ descriptor: Int32) -> Reading {
    let size = inputEventSize
    var buffer = [UInt8](repeating: 0, count: size * 64)
    var keys: [KeyEvent] = []
    var dropped = false
    var readAny = false
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        if code == EAGAIN { break }
        return .gone(code)
      }
      if count == 0 { return readAny ? .events(keys, dropped: dropped) : .gone(0) }
      readAny = true
      buffer.withUnsafeBytes { raw in
        // type (u16), code (u16), value (s32) after the time.
        for offset in stride(from: 0, to: count - size + 1, by: size) {
          let type = raw.loadUnaligned(fromByteOffset: offset + size - 8, as: UInt16.self)
          let code = raw.loadUnaligned(fromByteOffset: offset + size - 6, as: UInt16.self)
          let value = raw.loadUnaligned(fromByteOffset: offset + size - 4, as: Int32.self)
          if type == key, let action = KeyEvent.Action(rawValue: value) {
            keys.append(KeyEvent(KeyCode(rawValue: code), action))
          } else if type == synchronization && code == Self.dropped {
            dropped = true
          }
        }
      }
      if count < buffer.count { break }
    }
    return readAny ? .events(keys, dropped: dropped) : .empty
  }
}
