import Foundation
import Glibc
import Synchronization

/// A program run by a test (dbus-daemon, playerctl, gdbus, busctl, python3), whose output is
/// read line by line as it comes, without blocking any thread of the concurrency pool.
final class ChildProcess: @unchecked Sendable {
  // @unchecked Sendable: `process` and the pipes are set up in `init` and afterwards only used
  // through their own thread-safe calls (terminate, the handlers); all mutable state is in `state`.

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private struct Waiter {
    var id: Int
    var predicate: @Sendable (String) -> Bool
    var continuation: CheckedContinuation<String, any Error>
  }

  private struct State {
    var stdoutLines: [String] = []
    var stdoutPartial = Data()
    var stdoutText = Data()
    var stderrText = Data()
    var cursor = 0
    var waiters: [Waiter] = []
    var nextWaiterID = 0
    var exitStatus: Int32?
    var openStreams = 2
    var finishWaiters: [CheckedContinuation<Void, Never>] = []
    var isFinished: Bool { exitStatus != nil && openStreams == 0 }
  }

  let commandLine: String
  private let process = Process()
  private let state = Mutex(State())

  /// Starts `executable` (a path, or a name looked up in PATH) with `arguments`, its environment
  /// being this process's without the variables in `removing`, plus `environment`.
  init(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:], removing: Set<String> = []
  ) throws {
    commandLine = ([executable] + arguments).joined(separator: " ")
    let path = executable.hasPrefix("/") ? executable : try Self.lookUp(executable)
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.filter { !removing.contains($0.key) }
      .merging(environment) { $1 }
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    process.terminationHandler = { [weak self] process in
      self?.exited(process.terminationStatus)
    }
    try process.run()
    // One plain thread per pipe blocks in read(2), never a thread of the concurrency pool.
    Self.readUntilEnd(stdout.fileHandleForReading) { [weak self] data in self?.receive(stdout: data) }
    Self.readUntilEnd(stderr.fileHandleForReading) { [weak self] data in self?.receive(stderr: data) }
  }

  /// The process id.
  var processIdentifier: Int32 { process.processIdentifier }

  // MARK: - Reading

  /// Waits for the next line of standard output that satisfies `predicate` (lines before it are
  /// skipped), at most `timeout`.
  func line(
    within timeout: Duration = .seconds(10), where predicate: @escaping @Sendable (String) -> Bool = { _ in true }
  ) async throws -> String {
    let id = state.withLock { state in
      state.nextWaiterID += 1
      return state.nextWaiterID
    }
    let deadline = Task { [weak self] in
      try await Task.sleep(for: timeout)
      self?.expire(waiter: id)
    }
    defer { deadline.cancel() }
    return try await withCheckedThrowingContinuation { continuation in
      state.withLock { state in
        while state.cursor < state.stdoutLines.count {
          let line = state.stdoutLines[state.cursor]
          state.cursor += 1
          if predicate(line) {
            continuation.resume(returning: line)
            return
          }
        }
        if state.isFinished {
          continuation.resume(throwing: Failure(description: "\(commandLine) ended without such a line"))
          return
        }
        state.waiters.append(Waiter(id: id, predicate: predicate, continuation: continuation))
      }
    }
  }

  /// Every line of standard output not yet consumed by ``line(within:where:)``.
  func unreadLines() -> [String] {
    state.withLock { state in
      defer { state.cursor = state.stdoutLines.count }
      return Array(state.stdoutLines[state.cursor...])
    }
  }

  /// Everything written to standard output so far.
  var standardOutput: String { state.withLock { String(decoding: $0.stdoutText, as: UTF8.self) } }
  /// Everything written to standard error so far.
  var standardError: String { state.withLock { String(decoding: $0.stderrText, as: UTF8.self) } }

  // MARK: - Ending

  /// Waits until the process has exited and closed its output, at most `timeout`; then the
  /// process is killed (SIGKILL).
  ///
  /// - Returns: The exit status.
  @discardableResult
  func waitForExit(within timeout: Duration = .seconds(20)) async throws -> Int32 {
    let deadline = Task { [weak self] in
      try await Task.sleep(for: timeout)
      self?.signal(SIGKILL)
    }
    defer { deadline.cancel() }
    await withCheckedContinuation { continuation in
      state.withLock { state in
        if state.isFinished { continuation.resume() } else { state.finishWaiters.append(continuation) }
      }
    }
    return state.withLock { $0.exitStatus ?? -1 }
  }

  /// Kills the process (SIGKILL). Children of the test runner inherit its blocked signals, so
  /// SIGTERM alone may not end them.
  func kill() { signal(SIGKILL) }

  /// Sends a signal.
  func signal(_ number: Int32) {
    if process.isRunning { Glibc.kill(process.processIdentifier, number) }
  }

  // MARK: - Handlers

  private func receive(stdout data: Data) {
    let ready: [(CheckedContinuation<String, any Error>, String)] = state.withLock { state in
      if data.isEmpty {
        state.openStreams -= 1
        if !state.stdoutPartial.isEmpty {
          state.stdoutLines.append(String(decoding: state.stdoutPartial, as: UTF8.self))
          state.stdoutPartial.removeAll()
        }
      } else {
        state.stdoutText.append(data)
        state.stdoutPartial.append(data)
        while let newline = state.stdoutPartial.firstIndex(of: UInt8(ascii: "\n")) {
          let line = state.stdoutPartial[state.stdoutPartial.startIndex..<newline]
          state.stdoutLines.append(String(decoding: line, as: UTF8.self))
          state.stdoutPartial.removeSubrange(state.stdoutPartial.startIndex...newline)
        }
      }
      var ready: [(CheckedContinuation<String, any Error>, String)] = []
      while !state.waiters.isEmpty, state.cursor < state.stdoutLines.count {
        let line = state.stdoutLines[state.cursor]
        state.cursor += 1
        if state.waiters[0].predicate(line) {
          ready.append((state.waiters.removeFirst().continuation, line))
        }
      }
      return ready
    }
    for (continuation, line) in ready { continuation.resume(returning: line) }
    finishIfDone()
  }

  private func receive(stderr data: Data) {
    state.withLock { state in
      if data.isEmpty { state.openStreams -= 1 } else { state.stderrText.append(data) }
    }
    finishIfDone()
  }

  private func exited(_ status: Int32) {
    state.withLock { $0.exitStatus = status }
    finishIfDone()
  }

  private func finishIfDone() {
    let (finished, orphans): ([CheckedContinuation<Void, Never>], [Waiter]) = state.withLock { state in
      guard state.isFinished else { return ([], []) }
      defer {
        state.finishWaiters.removeAll()
        state.waiters.removeAll()
      }
      return (state.finishWaiters, state.waiters)
    }
    for continuation in finished { continuation.resume() }
    for waiter in orphans {
      waiter.continuation.resume(throwing: Failure(description: "\(commandLine) ended without such a line"))
    }
  }

  private func expire(waiter id: Int) {
    let expired: Waiter? = state.withLock { state in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return state.waiters.remove(at: index)
    }
    expired?.continuation.resume(
      throwing: Failure(
        description: "no expected line from \(commandLine) in time; output so far:\n\(standardOutput)\n\(standardError)"))
  }

  /// Reads `handle` on a thread of its own until end of file, handing each chunk to `receive`
  /// and finally an empty chunk.
  private static func readUntilEnd(_ handle: FileHandle, _ receive: @escaping @Sendable (Data) -> Void) {
    let thread = Thread {
      while true {
        let data = handle.availableData
        receive(data)
        if data.isEmpty { return }
      }
    }
    thread.start()
  }

  private static func lookUp(_ name: String) throws -> String {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw Failure(description: "\(name) is not installed (not found in PATH)")
  }

  deinit {
    kill()
  }
}
