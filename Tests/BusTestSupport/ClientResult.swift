import Foundation

/// How a program run to its end ended, and what it printed.
package struct ClientResult: Sendable, CustomStringConvertible {
  /// What was run.
  package var commandLine: String
  /// The exit status; 128 + the signal's number when a signal ended it.
  package var status: Int32
  /// Standard output.
  package var output: String
  /// Standard error.
  package var error: String

  /// Creates a result.
  package init(commandLine: String, status: Int32, output: String, error: String) {
    self.commandLine = commandLine
    self.status = status
    self.output = output
    self.error = error
  }

  /// Standard output without leading and trailing white space.
  package var trimmed: String { output.trimmingCharacters(in: .whitespacesAndNewlines) }

  /// Whether it exited with 0.
  package var succeeded: Bool { status == 0 }

  /// The command line, status and both outputs.
  package var description: String { "\(commandLine) → \(status)\nstdout: \(output)\nstderr: \(error)" }
}
