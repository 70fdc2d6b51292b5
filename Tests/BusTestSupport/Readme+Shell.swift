package import Foundation

extension Readme {
  /// Whether `command` follows (`-F`, `--follow`, `watch`): it prints until it is stopped.
  package static func follows(_ command: String) -> Bool {
    let words = command.split(separator: " ")
    return words.contains("-F") || words.contains("--follow") || words.contains("watch")
  }

  /// Runs one of the README's shell commands as a user types it: through `/bin/sh -c`, with
  /// `environment` added (a private bus's address, say) and `bin` first on PATH, as after
  /// `make install`. A following command is stopped once it has printed its first line, and
  /// counts as succeeded when it did; any other runs to its end.
  package static func run(
    _ command: String, environment: [String: String], bin: URL, timeout: Duration = .seconds(60)
  ) async throws -> ClientResult {
    let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let merged = environment.merging(["PATH": path]) { $1 }
    guard follows(command) else {
      return try await ChildProcess.run("/bin/sh", ["-c", command], environment: merged, timeout: timeout)
    }
    let child = try ChildProcess("/bin/sh", ["-c", command], environment: merged)
    let first = await child.nextLine(within: .seconds(20))
    _ = await child.terminate()
    return ClientResult(
      commandLine: command, status: first == nil ? 1 : 0, output: first.map { $0 + "\n" } ?? "",
      error: child.standardError)
  }
}
