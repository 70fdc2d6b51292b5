import FoundationEssentials
import HubCore
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
  package static func start(_ arguments: [String], environment: [String: String]) throws(HubError) -> pid_t {
    guard let program = arguments.first else { throw HubError("no program to start") }
    let path = try resolve(program, searchPath: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
    // The hub's blocked signals and ignored ones are not the app's (see ``Spawn``).
    let pid: pid_t
    do {
      pid = try Spawn.start(
        path, arguments: [path] + arguments.dropFirst(),
        environment: environment.map { "\($0.key)=\($0.value)" },
        actions: [.open(0, path: "/dev/null", flags: O_RDONLY)], leader: .session)
    } catch {
      throw HubError(error.description)
    }
    let child = pid
    DetachedThread.start(name: "remotectld-reap") {
      var status: Int32 = 0
      while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }
    return pid
  }

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
