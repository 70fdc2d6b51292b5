import Foundation

/// How a client program ended.
struct ClientResult: Sendable, CustomStringConvertible {
  /// What was run.
  var commandLine: String
  /// The exit status.
  var status: Int32
  /// Standard output.
  var output: String
  /// Standard error.
  var error: String

  /// Standard output without the trailing newline.
  var trimmed: String { output.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// Whether it exited with 0.
  var succeeded: Bool { status == 0 }

  var description: String { "\(commandLine) → \(status)\nstdout: \(output)\nstderr: \(error)" }
}
