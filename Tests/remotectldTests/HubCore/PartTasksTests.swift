import Synchronization
import Testing

@testable import HubCore

/// The tasks a part owns: none outlives the part's stop.
@Suite("A part's tasks", .timeLimit(.minutes(1)))
struct PartTasksTests {
  @Test("stopping cancels a task still running and returns only once it ended")
  func stopCancelsAndWaits() async {
    let tasks = PartTasks()
    let ended = Mutex<String?>(nil)
    let (started, starts) = AsyncStream.makeStream(of: Void.self)
    tasks.start {
      starts.yield()
      do {
        try await Task.sleep(for: .seconds(600))
        ended.withLock { $0 = "slept" }
      } catch {
        ended.withLock { $0 = "cancelled" }
      }
    }
    for await _ in started { break }
    #expect(tasks.count == 1)
    await tasks.stop()
    #expect(ended.withLock { $0 } == "cancelled")
    #expect(tasks.count == 0)
  }

  @Test("a stopped part starts nothing")
  func startsNothingOnceStopped() async {
    let tasks = PartTasks()
    await tasks.stop()
    let ran = Mutex(false)
    #expect(!tasks.start { ran.withLock { $0 = true } })
    #expect(tasks.count == 0)
    #expect(!ran.withLock { $0 })
  }

  @Test("a task that ended is forgotten")
  func endedTaskIsForgotten() async {
    let tasks = PartTasks()
    let (ended, ends) = AsyncStream.makeStream(of: Void.self)
    tasks.start { ends.yield() }
    for await _ in ended { break }
    // It forgets itself right after its work: waited for as stop() does, with nothing left.
    await tasks.stop()
    #expect(tasks.count == 0)
  }
}
