import FoundationEssentials
import HubSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Starts an app from its desktop file's command line, as `gio launch` does: the program
/// found on `PATH`, no shell, standard input from `/dev/null`, standard output and error the
/// hub's (its journal under systemd), in a session of its own so that it outlives the hub and
/// none of the hub's signals reach it. A plain thread waits for its end, so no zombie is left.
enum AppProcess {
  /// Starts `arguments` (the program first) with `environment`, and returns its process id.
  ///
  /// - Throws: ``HubError`` when the program is not found or cannot be started.
  static func start(_ arguments: [String], environment: [String: String]) throws(HubError) -> pid_t {
    guard let program = arguments.first else { throw HubError("no program to start") }
    let path = try resolve(program, searchPath: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    let argv = ([path] + arguments.dropFirst()).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    // The hub's blocked signals and ignored ones are not the app's.
    let result = SpawnAttributes.withSignalsReset(flags: Self.setSessionFlag) { attributes in
      posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    }
    guard result == 0 else {
      throw HubError("cannot start \(path): \(String(cString: strerror(result)))")
    }
    let child = pid
    DetachedThread.start(name: "remotectld-reap") {
      var status: Int32 = 0
      while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }
    return pid
  }

  /// glibc's `POSIX_SPAWN_SETSID` (since 2.26), which Swift does not see: spawn.h defines it only
  /// under `_GNU_SOURCE`.
  private static let setSessionFlag: Int32 = 0x80

  /// `program` itself when it names a path, else the first executable of that name on
  /// `searchPath`.
  static func resolve(_ program: String, searchPath: String) throws(HubError) -> String {
    if program.contains("/") {
      guard FileManager.default.isExecutableFile(atPath: program) else {
        throw HubError("\(program) is not an executable file")
      }
      return program
    }
    for folder in searchPath.split(separator: ":") where folder.hasPrefix("/") {
      let candidate = folder + "/" + program
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    throw HubError("\(program) is not on PATH (\(searchPath))")
  }
}
