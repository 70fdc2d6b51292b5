import Foundation

/// A child process started with `posix_spawn` and reaped with `waitpid` by its own pid.
///
/// Not Foundation's `Process`: on Linux its monitor thread blocked in `wait4` on the long-lived
/// `pulseaudio` and so never saw `parec` or `soxi` exit, and the tests hung.
final class ChildProcess {
  let pid: pid_t
  private(set) var exitStatus: Int32?

  /// Starts `path` with `arguments` and `environment`; its standard output goes to
  /// `standardOutput` (a descriptor the child inherits) or /dev/null, and its standard error
  /// to `standardError` or /dev/null.
  init(
    _ path: String, _ arguments: [String], environment: [String: String],
    standardOutput: Int32? = nil, standardError: Int32? = nil
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    for (source, target) in [(standardOutput, Int32(1)), (standardError, Int32(2))] {
      if let source {
        posix_spawn_file_actions_adddup2(&actions, source, target)
      } else {
        posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
      }
    }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    // The spawning thread is a libdispatch worker, which blocks signals; a child inherits that
    // mask and would never see our SIGTERM. Start it with none blocked and default handlers.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var child: pid_t = 0
    let result = posix_spawn(&child, path, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw ChildProcessError(message: "cannot start \(path): \(String(cString: strerror(result)))")
    }
    pid = child
  }

  deinit {
    terminate()
  }

  /// Whether the child has not exited yet.
  var isRunning: Bool {
    guard exitStatus == nil else { return false }
    var status: Int32 = 0
    if waitpid(pid, &status, WNOHANG) == pid { exitStatus = status }
    return exitStatus == nil
  }

  /// Sends SIGTERM (if still running) and waits for the child to exit.
  func terminate() {
    guard isRunning else { return }
    kill(pid, SIGTERM)
    waitUntilExit()
  }

  /// Waits for the child to exit; returns its wait status.
  @discardableResult
  func waitUntilExit() -> Int32 {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    exitStatus = status
    return status
  }
}

struct ChildProcessError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Runs `path` with `arguments` to completion and returns its exit status and standard output
/// (through a temporary file: a pipe's write end could leak into a child another test spawns at
/// the same moment, and then its end of file would never come).
func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
  let outputPath = temporaryPath("stdout.txt")
  defer { unlink(outputPath) }
  let descriptor = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
  guard descriptor >= 0 else { throw ChildProcessError(message: "cannot create \(outputPath)") }
  let child = try ChildProcess(
    path, arguments, environment: ProcessInfo.processInfo.environment, standardOutput: descriptor)
  close(descriptor)
  let status = child.waitUntilExit()
  let output = try String(contentsOfFile: outputPath, encoding: .utf8)
  return (status, output)
}

/// A pipe whose two ends are closed in children that do not take them explicitly.
func closeOnExecPipe() throws -> (read: Int32, write: Int32) {
  var descriptors: [Int32] = [0, 0]
  guard pipe(&descriptors) == 0 else { throw ChildProcessError(message: "pipe failed") }
  for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
  return (descriptors[0], descriptors[1])
}
