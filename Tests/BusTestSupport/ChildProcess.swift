package import Foundation
import Glibc
import HubSupport
import Synchronization

/// A program a test runs (dbus-daemon, playerctl, busctl, python3, mpv, our own executables).
///
/// It is spawned with ``Spawn`` (an empty signal mask and default signal handlers), so it stops
/// on SIGTERM even when spawned from a Swift concurrency thread (whose blocked signals a
/// Foundation `Process` child inherits). Plain threads of its own read its standard output line
/// by line and reap it with `waitpid`: no thread of the cooperative pool ever blocks on it.
/// It leads a process group of its own, and signals go to the whole group, so programs it starts
/// in turn stop with it. Dropping the last reference kills the group (SIGKILL) if it still runs.
package final class ChildProcess: Sendable {
  /// Where a child's standard output goes.
  package enum StandardOutput: Sendable {
    /// Kept, readable line by line (``ChildProcess/line(within:where:)``) and as
    /// ``ChildProcess/standardOutput``.
    case capture
    /// Handed to the closure chunk by chunk as it arrives, on the reading thread, and not kept
    /// (recorded sound, say); an empty chunk marks its end.
    case stream(@Sendable (Data) -> Void)
  }

  /// Where a child's standard error goes.
  package enum StandardError: Sendable {
    /// Kept, readable as ``ChildProcess/standardError``.
    case capture
    /// Written to the file at this path.
    case file(String)
  }

  /// Where a child's standard input comes from.
  package enum StandardInput: Sendable {
    /// `/dev/null`: the child reads end of file at once.
    case null
    /// A pipe the test writes to with ``ChildProcess/write(_:)`` (a driver that takes commands
    /// line by line); closed with ``ChildProcess/closeInput()`` or when the child is dropped.
    case pipe
  }

  private let record: ProcessRecord
  /// The write end of the child's standard input, when it reads a pipe.
  private let input: InputPipe?

  /// The command line, for messages.
  package var commandLine: String { record.commandLine }
  /// The process id.
  package var processIdentifier: Int32 { record.pid }

  /// Starts `executable` (a path, or a name looked up in PATH) with `arguments`, its environment
  /// being this process's without the variables in `removing`, plus `environment`, its standard
  /// input `/dev/null` unless `standardInput` asks for a pipe.
  package init(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    removing: Set<String> = [], standardInput: StandardInput = .null,
    standardOutput: StandardOutput = .capture,
    standardError: StandardError = .capture
  ) throws {
    let path = executable.hasPrefix("/") ? executable : try Self.lookUp(executable)
    let outPipe = try Self.closeOnExecPipe()
    let errPipe: [Int32]
    let inPipe: [Int32]
    do {
      errPipe = try Self.closeOnExecPipe()
    } catch {
      outPipe.forEach { _ = close($0) }
      throw error
    }
    do {
      switch standardInput {
      case .null: inPipe = []
      case .pipe: inPipe = try Self.closeOnExecPipe()
      }
    } catch {
      (outPipe + errPipe).forEach { _ = close($0) }
      throw error
    }
    var actions: [Spawn.Action] =
      inPipe.isEmpty ? [.open(0, path: "/dev/null", flags: O_RDONLY)] : [.duplicate(inPipe[0], as: 0)]
    actions.append(.duplicate(outPipe[1], as: 1))
    switch standardError {
    case .capture: actions.append(.duplicate(errPipe[1], as: 2))
    case .file(let file):
      actions.append(.open(2, path: file, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644))
    }
    actions += (outPipe + errPipe + inPipe).map { .close($0) }
    let merged = ProcessInfo.processInfo.environment.filter { !removing.contains($0.key) }
      .merging(environment) { $1 }
    // A process group of its own, so that signals reach whatever it starts in turn.
    let spawned = Self.spawning.withLock { _ in
      Result { () throws(Spawn.Failure) in
        try Spawn.start(
          path, arguments: [path] + arguments, environment: merged.map { "\($0.key)=\($0.value)" },
          actions: actions, leader: .processGroup)
      }
    }
    _ = close(outPipe[1])
    _ = close(errPipe[1])
    if !inPipe.isEmpty { _ = close(inPipe[0]) }
    let pid: pid_t
    switch spawned {
    case .success(let started): pid = started
    case .failure(let failure):
      _ = close(outPipe[0])
      _ = close(errPipe[0])
      if !inPipe.isEmpty { _ = close(inPipe[1]) }
      throw TestFailure("could not start \(path): error \(failure.code)")
    }
    self.input = inPipe.isEmpty ? nil : InputPipe(fd: inPipe[1])
    let captured: Bool
    if case .capture = standardError { captured = true } else { captured = false }
    if !captured { _ = close(errPipe[0]) }
    let record = ProcessRecord(
      commandLine: ([executable] + arguments).joined(separator: " "), pid: pid, openStreams: captured ? 2 : 1)
    self.record = record
    switch standardOutput {
    case .capture: Self.read(outPipe[0]) { record.receive(output: $0) }
    case .stream(let receive):
      Self.read(outPipe[0]) { chunk in
        receive(chunk)
        // Only the end is recorded: it counts towards the child having finished.
        if chunk.isEmpty { record.receive(output: chunk) }
      }
    }
    if captured { Self.read(errPipe[0]) { record.receive(error: $0) } }
    let childPID = pid
    Thread.detachNewThread {
      var status: Int32 = 0
      while waitpid(childPID, &status, 0) < 0 && errno == EINTR {}
      record.exited((status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
      // Output a grandchild still holds open is not waited for beyond one second.
      Thread.sleep(forTimeInterval: 1)
      record.abandonOutput()
    }
    ChildRegistry.current?.add(record)
  }

  deinit {
    input?.close()
    record.signalGroup(SIGKILL)
  }

  // MARK: - Running to the end

  /// Runs `executable` to its end (killed after `timeout`) and returns its status and output.
  package static func run(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    timeout: Duration = .seconds(20)
  ) async throws -> ClientResult {
    let child = try ChildProcess(executable, arguments, environment: environment)
    let status = try await child.waitForExit(within: timeout)
    return ClientResult(
      commandLine: child.commandLine, status: status, output: child.standardOutput, error: child.standardError
    )
  }

  // MARK: - Reading

  /// Waits for the next line of standard output that satisfies `predicate` (lines before it are
  /// skipped), at most `timeout`.
  package func line(
    within timeout: Duration = .seconds(10),
    where predicate: @escaping @Sendable (String) -> Bool = { _ in true }
  ) async throws -> String {
    let record = self.record
    let id = record.makeWaiterID()
    let deadline = Task {
      try await Task.sleep(for: timeout)
      record.expire(waiter: id)
    }
    defer { deadline.cancel() }
    return try await withCheckedThrowingContinuation { record.waitForLine(id: id, predicate, $0) }
  }

  /// The next line of standard output, or `nil` when none comes within `timeout` or the output
  /// has ended.
  package func nextLine(within timeout: Duration = .seconds(5)) async -> String? {
    try? await line(within: timeout)
  }

  /// Every line of standard output not yet consumed by ``line(within:where:)``.
  package func unreadLines() -> [String] { record.takeUnreadLines() }

  /// Everything written to standard output so far.
  package var standardOutput: String { record.output }
  /// Everything written to standard error so far (when captured).
  package var standardError: String { record.error }

  // MARK: - Writing

  /// Writes `text` to the child's standard input (started with ``StandardInput/pipe``).
  ///
  /// A write blocks only while the pipe is full (64 KiB unread), which a driver reading its
  /// commands line by line never lets happen.
  /// - Throws: ``TestFailure`` when the child reads no pipe or has closed it.
  package func write(_ text: String) throws {
    guard let input else { throw TestFailure("\(commandLine) was not started with a standard input pipe") }
    try input.write(Array(text.utf8))
  }

  /// Closes the child's standard input: it reads end of file.
  package func closeInput() { input?.close() }

  // MARK: - Ending

  /// The exit status once it has exited (128 + the signal's number when a signal ended it).
  package var exitStatus: Int32? { record.status }

  /// Waits until the process has exited and closed its output (or exited a second ago, when a
  /// grandchild holds its output open); after `timeout` it is killed (SIGKILL) and waited for.
  ///
  /// - Returns: The exit status, 128 + the signal's number when a signal ended it.
  @discardableResult
  package func waitForExit(within timeout: Duration = .seconds(20)) async throws -> Int32 {
    let record = self.record
    let deadline = Task {
      try await Task.sleep(for: timeout)
      record.signalGroup(SIGKILL)
    }
    defer { deadline.cancel() }
    await record.waitUntilFinished()
    return record.status ?? -1
  }

  /// Asks it to stop (SIGTERM) and waits for it; SIGKILL if it has not ended within `grace`.
  ///
  /// - Returns: The exit status.
  @discardableResult
  package func terminate(grace: Duration = .seconds(5)) async -> Int32 {
    signal(SIGTERM)
    return (try? await waitForExit(within: grace)) ?? -1
  }

  /// Kills it (SIGKILL), as a crash would, without waiting.
  package func kill() { signal(SIGKILL) }

  /// Sends `number` to its process group (it and what it started), while any of it runs.
  package func signal(_ number: Int32) {
    record.signalGroup(number)
  }

  // MARK: - Threads

  /// Reads `fd` on a thread of its own until end of file, handing each chunk to `receive` and
  /// finally an empty chunk; then closes it.
  private static func read(_ fd: Int32, _ receive: @escaping @Sendable (Data) -> Void) {
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = Glibc.read(fd, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        receive(Data(buffer[0..<count]))
      }
      _ = close(fd)
      receive(Data())
    }
  }

  /// Held while a pipe is made and marked close-on-exec, and while a child is spawned: no child
  /// spawned here inherits a pipe another test made at the same moment (Glibc's `pipe2`, which
  /// does both at once, is not visible to Swift). A child that inherited the write end of
  /// another's output would keep that output from ending as long as it runs.
  private static let spawning = Mutex(())

  /// A pipe (read end, write end) whose ends no child inherits unless it takes one explicitly.
  private static func closeOnExecPipe() throws -> [Int32] {
    try spawning.withLock { _ in
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { throw TestFailure("pipe failed: errno \(errno)") }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      return ends
    }
  }

  private static func lookUp(_ name: String) throws -> String {
    guard let path = which(name) else { throw TestFailure("\(name) is not installed (not found in PATH)") }
    return path
  }

  /// Whether process `pid` runs: it exists and is not a zombie waiting to be reaped.
  package static func isRunning(_ pid: Int32) -> Bool { ProcessRecord.isRunning(pid) }

  /// The first path of `name` on PATH, if any.
  package static func which(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
