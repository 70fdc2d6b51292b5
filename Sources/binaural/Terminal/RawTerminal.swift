import Glibc
import Synchronization

/// The terminal on standard input in raw mode, on the alternate screen with the cursor hidden,
/// until ``restore()`` puts back exactly what it found.
///
/// Raw here means: no line buffering and no echo, so each key press arrives at once; signals
/// (Ctrl-C) and output processing stay as they were, so Ctrl-C is still SIGINT.
///
/// `@unchecked Sendable`: `saved` is written once in `init` and only read afterwards; `restored`
/// is a mutex.
final class RawTerminal: @unchecked Sendable {
  private let saved: termios
  private let restored = Mutex(false)

  /// Whether standard input and output are both terminals: a view makes sense.
  static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Switches the terminal to raw mode and the alternate screen; `nil` when standard input is
  /// not a terminal.
  init?() {
    var attributes = termios()
    guard tcgetattr(STDIN_FILENO, &attributes) == 0 else { return nil }
    saved = attributes
    attributes.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &attributes.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &attributes) == 0 else { return nil }
    Self.write("\u{1B}[?1049h\u{1B}[?25l")
  }

  /// Puts the terminal back as it was: the main screen, the cursor, line mode and echo. Later
  /// calls do nothing.
  func restore() {
    let first = restored.withLock { restored in
      defer { restored = true }
      return !restored
    }
    guard first else { return }
    Self.write("\u{1B}[?25h\u{1B}[?1049l")
    var attributes = saved
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &attributes)
  }

  /// The terminal's width in columns (80 when it does not say).
  static var width: Int {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
  }

  /// Writes `text` to standard output (or `descriptor`) at once; a failed write is dropped.
  ///
  /// Not `FileHandle`: its `write` traps on an error, and a closed terminal answers every write
  /// with EIO, while binaural still has to stop cleanly after the SIGHUP that closing it sends.
  static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}
