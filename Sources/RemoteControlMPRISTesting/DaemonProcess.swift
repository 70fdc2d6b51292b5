import Foundation
import Synchronization

/// `dbus-daemon --session` listening on one socket, which stops when told to or, at the latest,
/// when this process ends, however it ends.
///
/// A shell starts a watcher in the background, then replaces itself with the daemon (so the
/// process started here is the daemon). The watcher reads its standard input, a pipe whose write
/// end only this process holds: when a line arrives (`stop()`) or the pipe closes (this process
/// ended, even by SIGKILL), it sends the daemon SIGTERM.
final class DaemonProcess: Sendable {
  /// The address the daemon printed once it listened (`unix:path=…,guid=…`).
  let address: String
  private let processIdentifier: Int32
  private let exited: OneShot<Int32>
  // The process and the write end of the watcher's pipe, kept until the daemon has ended.
  private let handles: Mutex<(process: Process, lifeline: FileHandle)?>

  // The watcher reads the pipe through descriptor 3: a background job's standard input is
  // /dev/null. The daemon gets neither the pipe nor (through the watcher) a second holder of its
  // output, so its output ends when it does.
  private static let script = """
    exec 3<&0
    ( read -r _ <&3; kill -TERM $$ ) </dev/null >/dev/null 2>&1 &
    exec dbus-daemon --session --nofork --print-address=1 "--address=unix:path=$1" </dev/null 3<&-
    """

  private init(
    address: String, process: sending Process, lifeline: sending FileHandle, exited: OneShot<Int32>
  ) {
    self.address = address
    self.processIdentifier = process.processIdentifier
    self.exited = exited
    self.handles = Mutex((process, lifeline))
  }

  /// Starts the daemon on the socket `socket` and returns once it prints its address.
  static func launch(socket: String, within timeout: Duration) async throws(PrivateSessionBusError)
    -> DaemonProcess
  {
    guard Self.findOnPath("dbus-daemon") else {
      throw PrivateSessionBusError(
        .daemonNotFound,
        "dbus-daemon is not on PATH; install it (Debian and Ubuntu: apt-get install dbus-daemon)")
    }
    let process = Process()
    // Swift's concurrency threads block signals and a child inherits the mask: GNU env's
    // --default-signal unblocks them all, or the daemon would ignore SIGTERM.
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["--default-signal", "/bin/sh", "-c", script, "private-session-bus", socket]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors

    let printed = OneShot<String>()
    let buffer = Mutex(Data())
    output.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      guard !data.isEmpty else {
        handle.readabilityHandler = nil
        printed.fulfil("")
        return
      }
      let line = buffer.withLock { buffer -> String? in
        buffer.append(data)
        guard let end = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return String(decoding: buffer[..<end], as: UTF8.self)
      }
      if let line {
        handle.readabilityHandler = nil
        printed.fulfil(line)
      }
    }
    let errorText = Mutex(Data())
    errors.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty { handle.readabilityHandler = nil } else { errorText.withLock { $0.append(data) } }
    }
    let exited = OneShot<Int32>()
    process.terminationHandler = { exited.fulfil($0.terminationStatus) }
    do {
      try process.run()
    } catch {
      throw PrivateSessionBusError(.daemonFailed, "cannot start /usr/bin/env to run dbus-daemon: \(error)")
    }
    let lifeline = input.fileHandleForWriting
    let address = await printed.value(within: timeout) ?? ""
    guard address.hasPrefix("unix:") else {
      await Self.end(lifeline: lifeline, processIdentifier: process.processIdentifier, exited: exited)
      let said = String(decoding: errorText.withLock { $0 }, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      throw PrivateSessionBusError(
        .daemonFailed,
        "dbus-daemon did not start a bus at unix:path=\(socket) within \(timeout)"
          + (said.isEmpty ? "" : ": \(said)"))
    }
    return DaemonProcess(address: address, process: process, lifeline: lifeline, exited: exited)
  }

  /// Stops the daemon with SIGTERM (SIGKILL if it has not ended within 5 s) and waits until it
  /// has ended. Calling it again does nothing.
  func stop() async {
    guard let handles = handles.withLock({ $0 }) else { return }
    await Self.end(lifeline: handles.lifeline, processIdentifier: processIdentifier, exited: exited)
    self.handles.withLock { $0 = nil }
  }

  /// Tells the watcher to stop the daemon and waits until the daemon has ended, killing it if it
  /// has not within 5 s.
  private static func end(lifeline: FileHandle, processIdentifier: Int32, exited: OneShot<Int32>) async {
    try? lifeline.write(contentsOf: Data("\n".utf8))
    try? lifeline.close()
    if await exited.value(within: .seconds(5)) == nil {
      kill(processIdentifier, SIGKILL)
      _ = await exited.value(within: .seconds(5))
    }
  }

  /// Tells the daemon to stop, without waiting: for deinitialisers.
  func stopWithoutWaiting() {
    guard
      let handles = handles.withLock({ handles in
        defer { handles = nil }
        return handles
      })
    else { return }
    try? handles.lifeline.write(contentsOf: Data("\n".utf8))
    try? handles.lifeline.close()
  }

  /// Whether an executable called `name` is in one of `PATH`'s folders.
  static func findOnPath(_ name: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains { folder in
      FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)")
    }
  }
}
