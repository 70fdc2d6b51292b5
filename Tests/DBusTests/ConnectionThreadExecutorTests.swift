import BusTestSupport
import DBus
import Foundation
import Testing

/// `ConnectionThread` as a `TaskExecutor`: a task that prefers it runs on the thread that serves
/// its connections, so that a call it awaits is sent and answered there, with no hand-over to
/// another thread (what a one-shot `remotectl status` relies on).
@Suite("A connection thread as a task's executor", .leavesNoChildProcesses)
struct ConnectionThreadExecutorTests {
  @Test("a task that prefers the thread runs on it, and every call it awaits resumes it there")
  func awaitedCallsResumeOnTheConnectionsThread() async throws {
    let bus = try await PrivateBus.start()
    let thread = try ConnectionThread()
    let client = try await Connection.connect(.address(bus.address), on: thread)
    let (seen, names) = try await withTaskExecutorPreference(thread) {
      () async throws -> ([Bool], [BusName]) in
      var seen = [client.isOnConnectionThread]
      var names: [BusName] = []
      for _ in 0..<3 {
        names = try await client.listNames()
        seen.append(client.isOnConnectionThread)
        _ = try await client.nameOwner(of: client.uniqueName)
        seen.append(client.isOnConnectionThread)
      }
      return (seen, names)
    }
    #expect(seen == Array(repeating: true, count: 7))
    #expect(names.contains(client.uniqueName))
    client.close()
    thread.stop()
    await bus.stop()
  }

  @Test("a thread run on the calling thread serves its connections and tasks there until stopped")
  func runOnTheCallingThreadUntilStopped() async throws {
    let bus = try await PrivateBus.start()
    let thread = try ConnectionThread(servingCallingThread: ())
    let ended = Recorder<pthread_t>()
    let caller = Thread {
      thread.runOnCallingThread()
      ended.append(Self.currentThread())
    }
    caller.start()
    let ran = try await Task(executorPreference: thread) { () async throws -> [pthread_t] in
      var ran = [Self.currentThread()]
      let client = try await Connection.connect(.address(bus.address), on: thread)
      _ = try await client.listNames()
      ran.append(Self.currentThread())
      #expect(client.isOnConnectionThread)
      client.close()
      return ran
    }.value
    thread.stop()
    let endedOn = try #require(await ended.waitFor(1).first)
    #expect(ran == [endedOn, endedOn], "the task ran elsewhere than on the thread that ran the loop")
    await bus.stop()
  }

  @Test("a task handed to a stopped thread still runs, on Swift's global executor")
  func aStoppedThreadLosesNoTask() async throws {
    let thread = try ConnectionThread()
    thread.stop()
    let answer = await Task(executorPreference: thread) { 42 }.value
    #expect(answer == 42)
  }

  /// The calling thread's POSIX thread.
  static func currentThread() -> pthread_t {
    pthread_self()
  }
}
