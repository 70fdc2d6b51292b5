import Foundation
import Glibc
import Synchronization

/// The children one test started (in its task and the tasks it creates), so that
/// ``LeavesNoChildProcesses`` can check none of them outlives the test, and the temporary
/// folders its buses made, so that they are gone even when the test process exits right after.
final class ChildRegistry: Sendable {
  /// The registry of the test running in this task, if it checks its children.
  @TaskLocal static var current: ChildRegistry?

  private let records = Mutex<[ProcessRecord]>([])
  private let directories = Mutex<[URL]>([])

  func add(_ record: ProcessRecord) {
    records.withLock { $0.append(record) }
  }

  /// Remembers a temporary folder to remove once the test's children have ended.
  func add(directory: URL) {
    directories.withLock { $0.append(directory) }
  }

  /// Removes the temporary folders (the children that wrote into them have ended).
  func removeDirectories() {
    for directory in directories.withLock({ $0 }) { try? FileManager.default.removeItem(at: directory) }
  }

  /// The children whose process group still runs (the child, or something it started) after
  /// waiting up to `timeout` for them to end; each such group is then killed (SIGKILL) so it
  /// cannot disturb later tests.
  func survivors(after timeout: Duration) async -> [(pid: Int32, commandLine: String)] {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline, records.withLock({ $0.contains(where: \.isGroupAlive) }) {
      try? await Task.sleep(for: .milliseconds(20))
    }
    let running = records.withLock { $0.filter(\.isGroupAlive) }
    for record in running { record.signalGroup(SIGKILL) }
    return running.map { ($0.pid, $0.commandLine) }
  }
}
