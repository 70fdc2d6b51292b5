import Foundation
import Glibc
import Synchronization

/// What is known about one spawned child: its output so far, split into lines, and how it ended.
/// The reading and reaping threads write it; tests read it through ``ChildProcess``.
final class ProcessRecord: Sendable {
  private struct Waiter {
    var id: Int
    var predicate: @Sendable (String) -> Bool
    var continuation: CheckedContinuation<String, any Error>
  }

  private struct State {
    var lines: [String] = []
    var partial = Data()
    var output = Data()
    var error = Data()
    var cursor = 0
    var waiters: [Waiter] = []
    var nextWaiterID = 0
    var status: Int32?
    var openStreams: Int
    var finishWaiters: [CheckedContinuation<Void, Never>] = []
    var isFinished: Bool { status != nil && openStreams <= 0 }
  }

  let commandLine: String
  let pid: Int32
  private let state: Mutex<State>

  init(commandLine: String, pid: Int32, openStreams: Int) {
    self.commandLine = commandLine
    self.pid = pid
    state = Mutex(State(openStreams: openStreams))
  }

  // MARK: - Reading

  /// Registers a wait for the next line satisfying `predicate`; returns its id.
  func waitForLine(
    id: Int, _ predicate: @escaping @Sendable (String) -> Bool,
    _ continuation: CheckedContinuation<String, any Error>
  ) {
    state.withLock { state in
      while state.cursor < state.lines.count {
        let line = state.lines[state.cursor]
        state.cursor += 1
        if predicate(line) { return continuation.resume(returning: line) }
      }
      if state.isFinished {
        return continuation.resume(throwing: TestFailure("\(commandLine) ended without such a line"))
      }
      state.waiters.append(Waiter(id: id, predicate: predicate, continuation: continuation))
    }
  }

  /// A fresh id for ``waitForLine(id:_:_:)``.
  func makeWaiterID() -> Int {
    state.withLock { state in
      state.nextWaiterID += 1
      return state.nextWaiterID
    }
  }

  /// Fails the wait `id` if it is still waiting.
  func expire(waiter id: Int) {
    let expired: Waiter? = state.withLock { state in
      guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
      return state.waiters.remove(at: index)
    }
    expired?.continuation.resume(
      throwing: TestFailure(
        "no expected line from \(commandLine) in time; output so far:\n\(output)\n\(error)"))
  }

  /// The lines not consumed yet; they count as consumed afterwards.
  func takeUnreadLines() -> [String] {
    state.withLock { state in
      defer { state.cursor = state.lines.count }
      return Array(state.lines[state.cursor...])
    }
  }

  var output: String { state.withLock { String(decoding: $0.output, as: UTF8.self) } }
  var error: String { state.withLock { String(decoding: $0.error, as: UTF8.self) } }
  var status: Int32? { state.withLock { $0.status } }
  var hasExited: Bool { status != nil }

  /// Whether any process of the child's group still runs (the child, or what it started);
  /// zombies waiting to be reaped do not count.
  var isGroupAlive: Bool {
    guard Glibc.kill(-pid, 0) == 0 else { return false }
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.contains { entry in
      guard let member = Int32(entry), let (state, group) = Self.stat(of: member) else { return false }
      return group == pid && state != "Z"
    }
  }

  /// Whether process `pid` runs: it exists and is not a zombie.
  static func isRunning(_ pid: Int32) -> Bool {
    guard let (state, _) = stat(of: pid) else { return false }
    return state != "Z"
  }

  /// The state letter and process group of `pid`, from `/proc/<pid>/stat`.
  private static func stat(of pid: Int32) -> (state: Character, group: Int32)? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = text.lastIndex(of: ")")
    else { return nil }
    let fields = text[text.index(after: end)...].split(separator: " ")
    guard fields.count > 2, let state = fields[0].first, let group = Int32(fields[2]) else { return nil }
    return (state, group)
  }

  /// Sends `signal` to the child's process group, while any of it runs.
  func signalGroup(_ signal: Int32) {
    if isGroupAlive { _ = Glibc.kill(-pid, signal) }
  }

  /// Suspends until the child has exited and closed its output.
  func waitUntilFinished() async {
    await withCheckedContinuation { continuation in
      state.withLock { state in
        if state.isFinished { continuation.resume() } else { state.finishWaiters.append(continuation) }
      }
    }
  }

  // MARK: - Writing (reader and reaper threads)

  func receive(output data: Data) {
    let ready: [(CheckedContinuation<String, any Error>, String)] = state.withLock { state in
      if data.isEmpty {
        state.openStreams -= 1
        if !state.partial.isEmpty {
          state.lines.append(String(decoding: state.partial, as: UTF8.self))
          state.partial.removeAll()
        }
      } else {
        state.output.append(data)
        state.partial.append(data)
        while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
          state.lines.append(
            String(decoding: state.partial[state.partial.startIndex..<newline], as: UTF8.self))
          state.partial.removeSubrange(state.partial.startIndex...newline)
        }
      }
      var ready: [(CheckedContinuation<String, any Error>, String)] = []
      while !state.waiters.isEmpty, state.cursor < state.lines.count {
        let line = state.lines[state.cursor]
        state.cursor += 1
        if state.waiters[0].predicate(line) { ready.append((state.waiters.removeFirst().continuation, line)) }
      }
      return ready
    }
    for (continuation, line) in ready { continuation.resume(returning: line) }
    finishIfDone()
  }

  func receive(error data: Data) {
    state.withLock { state in
      if data.isEmpty { state.openStreams -= 1 } else { state.error.append(data) }
    }
    finishIfDone()
  }

  func exited(_ status: Int32) {
    state.withLock { $0.status = status }
    finishIfDone()
  }

  /// Stops waiting for the output to close: a grandchild may hold it open long after the child
  /// exited. Called a moment after the exit.
  func abandonOutput() {
    state.withLock { $0.openStreams = 0 }
    finishIfDone()
  }

  private func finishIfDone() {
    let (finished, orphans): ([CheckedContinuation<Void, Never>], [Waiter]) = state.withLock { state in
      guard state.isFinished else { return ([], []) }
      defer {
        state.finishWaiters.removeAll()
        state.waiters.removeAll()
      }
      return (state.finishWaiters, state.waiters)
    }
    for continuation in finished { continuation.resume() }
    for waiter in orphans {
      waiter.continuation.resume(throwing: TestFailure("\(commandLine) ended without such a line"))
    }
  }
}
