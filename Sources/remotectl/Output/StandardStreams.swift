internal import Glibc

/// Writing to standard output and standard error without Foundation.
enum StandardStreams {
  /// Writes `line` and a newline to standard error, unbuffered.
  static func writeError(_ line: String) {
    flushOutput()
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(
          STDERR_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }

  /// Writes `text` to standard output as it is (no newline added) and flushes it, so that a
  /// follower sees each line at once.
  static func write(_ text: String) {
    print(text, terminator: "")
    flushOutput()
  }

  /// Flushes standard output's buffer.
  static func flushOutput() {
    fflush(nil)
  }

  /// Whether standard output is a terminal.
  static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
