import BusTestSupport
import DBus
import Foundation
import Testing

/// `Connection.isOnConnectionThread`, the predicate behind `assertOnConnectionThread()`: it
/// holds in the work the connection's thread runs, and nowhere else.
@Suite("The connection's thread, checked", .leavesNoChildProcesses)
struct ConnectionThreadCheckTests {
  @Test("the check holds on the connection's thread, not on a task, a plain thread or another connection's")
  func theCheckHoldsOnlyOnTheConnectionsThread() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let client = fixture.client
    let server = fixture.server
    #expect(!client.isOnConnectionThread, "a task of the pool is taken for the connection's thread")
    let seen = Recorder<Bool>()
    client.perform {
      client.assertOnConnectionThread()
      seen.append(client.isOnConnectionThread)
      seen.append(server.isOnConnectionThread)
    }
    client.run { seen.append(client.isOnConnectionThread) }
    #expect(await seen.waitFor(3) == [true, false, true])
    let onPlainThread = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      Thread { continuation.resume(returning: client.isOnConnectionThread) }.start()
    }
    #expect(!onPlainThread, "a plain thread is taken for the connection's thread")
  }
}
