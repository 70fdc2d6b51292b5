import Foundation
import Glibc
import HubSupport

/// A folder of its own for one test, removed when it ends.
struct ScratchFolder: ~Copyable {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent(
        "hubsupport-\(UUID().uuidString.prefix(8))"
      )
      .path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  deinit {
    do {
      try FileManager.default.removeItem(atPath: path)
    } catch {
      print("the test folder \(path) is left behind: \(error)")
    }
  }
}

/// A child started by ``Spawn`` whose standard output goes to a file, and its end.
enum SpawnedChild {
  /// Runs `program` with `arguments` through ``Spawn/start(_:arguments:environment:searchingPath:actions:leader:)``
  /// with its standard output in a file of `folder`; waits for it and returns what it printed.
  static func output(
    _ program: String, _ arguments: [String], environment: [String]? = nil, searchingPath: Bool = false,
    in folder: String
  ) throws -> String {
    let output = folder + "/output-\(UUID().uuidString.prefix(8))"
    let pid = try Spawn.start(
      program, arguments: [program] + arguments, environment: environment, searchingPath: searchingPath,
      actions: [.open(1, path: output, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)])
    _ = wait(pid)
    return try String(contentsOfFile: output, encoding: .utf8)
  }

  /// Waits for `pid` and returns its wait status.
  static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status
  }
}
