import Glibc

/// A thread of its own for work that blocks (a render loop, a read of a terminal or a pipe), so
/// that it never holds one of Swift's cooperative threads. It stands in for Foundation's
/// `Thread`, which FoundationEssentials does not have.
package enum DetachedThread {
  /// Starts `body` on a new detached thread named `name` (cut to the 15 bytes Linux keeps).
  ///
  /// A thread that cannot be created ends the process with the reason, as running out of threads
  /// leaves nothing to recover. The corresponding C function is `pthread_create`; the name is
  /// written to `/proc/thread-self/comm` (`pthread_setname_np` is not visible from Swift's Glibc).
  package static func start(name: String, _ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(Start(name: name, body: body))
    var thread = pthread_t()
    let created = pthread_create(&thread, nil, detachedThreadEntry, context.toOpaque())
    guard created == 0 else {
      context.release()
      fatalError("cannot start the thread \(name): \(String(cString: strerror(created)))")
    }
    pthread_detach(thread)
  }

  /// Names the calling thread, as `ps -T` and `/proc/<pid>/task/<tid>/comm` show it.
  fileprivate static func nameThisThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
  }

  /// What a new thread runs, handed over as one retained reference.
  fileprivate final class Start: Sendable {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
      self.name = name
      self.body = body
    }
  }
}

/// The C entry point of a ``DetachedThread``: names the thread and runs its body.
private func detachedThreadEntry(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let raw else { return nil }
  let start = Unmanaged<DetachedThread.Start>.fromOpaque(raw).takeRetainedValue()
  DetachedThread.nameThisThread(start.name)
  start.body()
  return nil
}
