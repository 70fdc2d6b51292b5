import Foundation
import Glibc

/// What a finished command printed and how it exited.
struct CommandResult: Equatable, CustomStringConvertible {
  var stdout: String
  var stderr: String
  var status: Int32

  var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Starts programs for the end-to-end tests with `posix_spawn`, reading their output on
/// dedicated threads and reaping them with `waitpid` (never blocking Swift's cooperative pool).
enum ChildProcess {
  /// Runs `executable` with `arguments` to completion, with `environment` added to ours.
  static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:])
    async throws -> CommandResult
  {
    let child = try Spawned(executable, arguments, environment: environment, captureStderr: true)
    async let stdout = readAll(child.stdout)
    async let stderr = readAll(child.stderr)
    let (out, err) = await (stdout, stderr)
    let status = await child.wait()
    return CommandResult(stdout: out, stderr: err, status: status)
  }

  /// Everything readable from `fd` until end of file; closes it.
  static func readAll(_ fd: Int32) async -> String {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
          let count = read(fd, &buffer, buffer.count)
          if count > 0 {
            bytes += buffer[0..<count]
          } else if count < 0 && errno == EINTR {
            continue
          } else {
            break
          }
        }
        close(fd)
        continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
      }
    }
  }
}

/// A spawned child with pipes on its standard output (and standard error when captured).
struct Spawned: Sendable {
  let pid: pid_t
  let stdout: Int32
  let stderr: Int32

  init(
    _ executable: String, _ arguments: [String], environment: [String: String], captureStderr: Bool,
    stderrPath: String? = nil
  ) throws {
    var outPipe: [Int32] = [0, 0]
    var errPipe: [Int32] = [0, 0]
    guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { throw BusTestError("pipe failed") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    if captureStderr {
      posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    } else {
      posix_spawn_file_actions_addopen(
        &actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }
    for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
    let merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    // Children start with no blocked signals and default handlers, whatever the test runner set.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    close(outPipe[1])
    close(errPipe[1])
    guard result == 0 else {
      close(outPipe[0])
      close(errPipe[0])
      throw BusTestError("could not start \(executable): error \(result)")
    }
    if !captureStderr { close(errPipe[0]) }
    self.pid = pid
    stdout = outPipe[0]
    stderr = captureStderr ? errPipe[0] : -1
  }

  /// Waits for the child to end, on a thread of its own; its exit status (128+signal if killed).
  func wait() async -> Int32 {
    let pid = self.pid
    return await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        continuation.resume(returning: code)
      }
    }
  }
}

/// Lines read from a child, handed out one at a time; a wait that times out loses nothing.
final class LineQueue: @unchecked Sendable {
  // @unchecked: every stored property is guarded by `lock`.
  private let lock = NSLock()
  private var lines: [String] = []
  private var finished = false
  private var waiter: (id: Int, continuation: CheckedContinuation<String?, Never>)?
  private var nextID = 0

  /// Adds a line (from the reading thread).
  func push(_ line: String) {
    lock.lock()
    if let waiter {
      self.waiter = nil
      lock.unlock()
      waiter.continuation.resume(returning: line)
    } else {
      lines.append(line)
      lock.unlock()
    }
  }

  /// Marks the end of output.
  func finish() {
    lock.lock()
    finished = true
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.continuation.resume(returning: nil)
  }

  /// The next line, or `nil` at the end or when none comes before `timeout`.
  func next(within timeout: Duration) async -> String? {
    await withCheckedContinuation { continuation in
      lock.lock()
      if !lines.isEmpty {
        let line = lines.removeFirst()
        lock.unlock()
        continuation.resume(returning: line)
        return
      }
      if finished {
        lock.unlock()
        continuation.resume(returning: nil)
        return
      }
      let id = nextID
      nextID += 1
      waiter = (id, continuation)
      lock.unlock()
      Task {
        try? await Task.sleep(for: timeout)
        self.expire(id)
      }
    }
  }

  private func expire(_ id: Int) {
    lock.lock()
    guard let waiter, waiter.id == id else {
      lock.unlock()
      return
    }
    self.waiter = nil
    lock.unlock()
    waiter.continuation.resume(returning: nil)
  }
}

/// A long-running child (a bus, a player, a follower) whose standard output is read line by
/// line; terminated when the test is done with it.
final class RunningProcess: @unchecked Sendable {
  // @unchecked: `stopped` is guarded by `lock`; `queue` is thread-safe.
  private let child: Spawned
  /// The child's process id.
  var pid: Int32 { child.pid }
  private let lock = NSLock()
  private var stopped = false
  private let queue = LineQueue()

  /// Starts `executable`; its standard error goes to `stderrTo` (or nowhere).
  init(
    _ executable: String, _ arguments: [String], environment: [String: String] = [:],
    stderrTo path: String? = nil
  ) throws {
    child = try Spawned(
      executable, arguments, environment: environment, captureStderr: false, stderrPath: path)
    let fd = child.stdout
    let queue = self.queue
    Thread.detachNewThread {
      var pending: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(fd, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { break }
        pending += buffer[0..<count]
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          queue.push(String(decoding: pending[..<newline], as: UTF8.self))
          pending.removeSubrange(...newline)
        }
      }
      close(fd)
      queue.finish()
    }
  }

  /// The next line, or `nil` when none comes before `timeout`.
  func nextLine(within timeout: Duration = .seconds(5)) async -> String? {
    await queue.next(within: timeout)
  }

  /// Sends SIGTERM and reaps the child (SIGKILL if it has not ended after 5 s).
  func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return }
    stopped = true
    kill(child.pid, SIGTERM)
    var status: Int32 = 0
    for _ in 0..<500 {
      if waitpid(child.pid, &status, WNOHANG) != 0 { return }
      usleep(10_000)
    }
    kill(child.pid, SIGKILL)
    waitpid(child.pid, &status, 0)
  }

  deinit { stop() }
}
