import Foundation

/// A private `dbus-daemon` for one test: started as a child process listening on
/// `unix:path=<tmpdir>/bus`, killed at the end. Never the ambient session bus.
final class PrivateBus: @unchecked Sendable {
  // Safe because: `daemon` is replaced only by `restart()`/`kill()`, which tests call from one
  // task at a time; the lock makes those accesses atomic anyway.
  private let lock = NSLock()
  private var daemon: Process?
  let directory: URL
  /// The address without the daemon's guid, so a restarted daemon at the same path matches it.
  let address: String

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("dbus-tests-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    address = "unix:path=\(directory.path)/bus"
    try start()
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: directory)
  }

  /// Starts the daemon and returns once it prints its address (it is listening then).
  func start() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    process.arguments = ["--session", "--nofork", "--print-address=1", "--address=\(address)"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var printed = Data()
    while !printed.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { throw TestFailure("dbus-daemon exited before printing its address") }
      printed.append(chunk)
    }
    lock.withLock { daemon = process }
  }

  /// Kills the daemon with SIGKILL, as a crash would, and waits for it to be gone.
  func kill() {
    guard let process = lock.withLock({ () -> Process? in defer { daemon = nil }; return daemon })
    else { return }
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Stops the daemon. SIGKILL, because a child spawned from a Swift concurrency thread
  /// inherits that thread's blocked signals, SIGTERM included.
  func stop() {
    kill()
  }
}

/// A failure of the test harness itself.
struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
