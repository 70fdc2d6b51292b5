import Foundation

/// A daemon binaural started with `posix_spawnp`, and stops by its pid.
///
/// Not Foundation's `Process`: the child is started with no signal blocked and default
/// handlers. A thread of Swift concurrency blocks signals, and ServiceLifecycle ignores SIGTERM
/// and SIGINT to catch them itself; a child inherits both, and would shrug off our SIGTERM.
struct SpawnedDaemon: Sendable {
  /// The daemon's process id.
  let pid: pid_t

  /// Why a daemon could not be started.
  struct Failure: Error, CustomStringConvertible {
    /// What failed, in words a user can act on.
    var description: String
  }

  /// Starts `program` (looked up in PATH) with `arguments`; its standard input, output and
  /// error are /dev/null, and descriptor 3 is `descriptor3` when given.
  static func spawn(_ program: String, _ arguments: [String], descriptor3: Int32? = nil) throws(Failure)
    -> SpawnedDaemon
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    if let descriptor3 { posix_spawn_file_actions_adddup2(&actions, descriptor3, 3) }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
    guard result == 0 else {
      throw Failure(description: "cannot start \(program): \(String(cString: strerror(result)))")
    }
    return SpawnedDaemon(pid: pid)
  }

  /// Sends SIGTERM and waits for the daemon to exit; if it has not within `grace` seconds,
  /// kills it (SIGKILL) and waits for that.
  func stop(grace: Double = 2) {
    kill(pid, SIGTERM)
    let deadline = Date(timeIntervalSinceNow: grace)
    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid || (reaped < 0 && errno != EINTR) { return }
      if Date() >= deadline { break }
      usleep(5_000)
    }
    kill(pid, SIGKILL)
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }
}
