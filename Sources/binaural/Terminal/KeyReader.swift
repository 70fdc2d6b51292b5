import Glibc
import HubSupport

/// Reads standard input on a thread of its own (its reads block; Swift's cooperative pool must
/// not) and hands each key to the main actor.
enum KeyReader {
  /// Starts the thread. It ends at the end of input; the process may exit while it waits.
  static func start(_ receive: @escaping @MainActor @Sendable (Key) -> Void) {
    DetachedThread.start(name: "binaural keys") {
      var buffer = [UInt8](repeating: 0, count: 64)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return }
        let keys = Key.parse(Array(buffer[0..<count]))
        Task { @MainActor in
          for key in keys { receive(key) }
        }
      }
    }
  }
}
