import BusTestSupport
import Foundation
import Synchronization

/// A program whose output lines are each stamped with the moment they arrived, on the thread
/// that reads them: the monitor of a player's signals, `pactl subscribe` of the sound
/// server's events. Two such stamps measure how long the player took to answer the server.
final class TimedLines: Sendable {
  /// One line, and when it was read.
  struct Line: Sendable, CustomStringConvertible {
    /// When the chunk holding it was read.
    let at: ContinuousClock.Instant
    /// The line, without its newline.
    let text: String
    /// Its place among the program's lines, from 0.
    let index: Int

    var description: String { text }
  }

  /// Lines read so far, and the start of an unfinished one.
  private final class Log: Sendable {
    private let state = Mutex<(lines: [Line], partial: Data)>(([], Data()))

    func receive(_ chunk: Data) {
      let now = ContinuousClock.now
      state.withLock { state in
        state.partial.append(chunk)
        while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
          let text = String(decoding: state.partial[..<newline], as: UTF8.self)
          state.partial.removeSubrange(...newline)
          state.lines.append(Line(at: now, text: text, index: state.lines.count))
        }
      }
    }

    var lines: [Line] { state.withLock { $0.lines } }
  }

  private let log = Log()
  /// The program.
  let process: ChildProcess

  /// Starts `executable` with `arguments` (its output must be flushed line by line: `stdbuf -oL`
  /// for a program that buffers a pipe) and `environment` added to this process's.
  init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
    let log = self.log
    process = try ChildProcess(
      executable, arguments, environment: environment, standardOutput: .stream { log.receive($0) })
  }

  /// Every line read so far.
  var lines: [Line] { log.lines }

  /// How many lines have been read: a mark to look after with ``first(after:within:where:)``.
  var count: Int { log.lines.count }

  /// The first line after the first `mark` lines that satisfies `predicate`, as soon as it has
  /// been read, at most `timeout`.
  func first(
    after mark: Int, within timeout: Duration = .seconds(10), _ what: String,
    where predicate: @escaping @Sendable (String) -> Bool
  ) async throws -> Line {
    try await eventually(what, within: timeout) { () -> Line? in
      log.lines.dropFirst(mark).first { predicate($0.text) }
    }
  }

  /// The lines after the first `mark` that satisfy `predicate`, read so far.
  func all(after mark: Int, where predicate: (String) -> Bool) -> [Line] {
    log.lines.dropFirst(mark).filter { predicate($0.text) }
  }

  /// Stops the program.
  func stop() async {
    await process.terminate()
  }
}
