package import Glibc

/// The one way our programs start another: `posix_spawn` with the child's descriptors set up as
/// `actions` say, and with the signal state of a program started from a shell — no signal
/// blocked, and the default action for the signals a Swift program blocks or ignores.
///
/// Not what a child inherits: a thread of Swift concurrency blocks signals, and ServiceLifecycle
/// ignores the signals it catches itself, so a child started with neither reset (Foundation's
/// `Process`, say) would shrug off our SIGTERM, and so would whatever it starts in turn.
package enum Spawn {
  /// One change to the child's descriptors, made in order before the program starts.
  ///
  /// The corresponding C functions are `posix_spawn_file_actions_addopen`,
  /// `posix_spawn_file_actions_adddup2` and `posix_spawn_file_actions_addclose`.
  package enum Action: Sendable {
    /// Opens `path` with `flags` (and `mode`, when it creates) as `descriptor`.
    case open(_ descriptor: Int32, path: String, flags: Int32, mode: mode_t = 0)
    /// Makes `descriptor` a copy of `source`, one of ours.
    case duplicate(_ source: Int32, as: Int32)
    /// Closes `descriptor`.
    case close(_ descriptor: Int32)
  }

  /// Where the child stands among process groups and sessions.
  package enum Leader: Sendable {
    /// In our process group and session, as a plain child.
    case none
    /// The leader of a process group of its own: a signal to the group reaches what it starts,
    /// and our terminal's signals are ours to handle.
    case processGroup
    /// The leader of a session of its own, which outlives us and gets none of our signals.
    case session
  }

  /// Why a program could not be started.
  package struct Failure: Error, CustomStringConvertible {
    /// The program.
    package var program: String
    /// The `errno` value `posix_spawn` returned.
    package var code: Int32
    /// "cannot start PROGRAM: REASON".
    package var description: String { "cannot start \(program): \(String(cString: strerror(code)))" }
  }

  /// The signals set back to their default action: those ServiceLifecycle and the runtime catch
  /// or ignore.
  static let defaultSignals = [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD]

  /// glibc's `POSIX_SPAWN_SETSID` (since 2.26), which Swift does not see: spawn.h defines it only
  /// under `_GNU_SOURCE`.
  private static let setSessionFlag: Int32 = 0x80

  /// Starts `program` with `arguments` (`argv[0]` first) and returns its process id.
  ///
  /// - Parameters:
  ///   - program: A path; or, with `searchingPath`, a name looked up in `PATH` as `execvp` does.
  ///   - environment: `NAME=value` entries; `nil` passes on this process's environment.
  ///   - actions: The changes to the child's descriptors, in order.
  ///   - leader: Whether it leads a process group or a session of its own.
  /// - Throws: ``Failure`` with the reason `posix_spawn` gave.
  ///
  /// The corresponding C functions are `posix_spawn` and `posix_spawnp`, with
  /// `posix_spawnattr_setsigmask`, `posix_spawnattr_setsigdefault` and `posix_spawnattr_setflags`.
  package static func start(
    _ program: String, arguments: [String], environment: [String]? = nil, searchingPath: Bool = false,
    actions: [Action] = [], leader: Leader = .none
  ) throws(Failure) -> pid_t {
    var fileActions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&fileActions)
    defer { posix_spawn_file_actions_destroy(&fileActions) }
    for action in actions {
      switch action {
      case .open(let descriptor, let path, let flags, let mode):
        posix_spawn_file_actions_addopen(&fileActions, descriptor, path, flags, mode)
      case .duplicate(let source, let descriptor):
        posix_spawn_file_actions_adddup2(&fileActions, source, descriptor)
      case .close(let descriptor):
        posix_spawn_file_actions_addclose(&fileActions, descriptor)
      }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in defaultSignals { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
    switch leader {
    case .none: break
    case .processGroup:
      posix_spawnattr_setpgroup(&attributes, 0)
      flags |= POSIX_SPAWN_SETPGROUP
    case .session: flags |= setSessionFlag
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { $0.map { strdup($0) } + [nil] }
    defer {
      argv.forEach { free($0) }
      envp?.forEach { free($0) }
    }
    var pid: pid_t = 0
    let result =
      if let envp {
        searchingPath
          ? posix_spawnp(&pid, program, &fileActions, &attributes, argv, envp)
          : posix_spawn(&pid, program, &fileActions, &attributes, argv, envp)
      } else {
        searchingPath
          ? posix_spawnp(&pid, program, &fileActions, &attributes, argv, environ)
          : posix_spawn(&pid, program, &fileActions, &attributes, argv, environ)
      }
    guard result == 0 else { throw Failure(program: program, code: result) }
    return pid
  }
}
