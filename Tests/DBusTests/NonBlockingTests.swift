import BusTestSupport
import DBus
import Foundation
import Glibc
import Synchronization
import Testing

@Suite("Nothing waits on the bus thread: connecting suspends, cancelling enqueues", .leavesNoChildProcesses)
struct NonBlockingTests {
  static let seekedRule = "type='signal',interface='org.example.Test',member='Seeked'"

  /// How long a step may take before it counts as stuck. What these tests catch never finishes:
  /// a blocked pool or a deadlock. A slow step still finishes: with the whole suite running on
  /// two cores of a busy machine (make test-stress), one took more than 10 s.
  static let stuck: Duration = .seconds(60)

  @Test("Connections stuck before Hello hold no thread of the cooperative pool")
  func connectingSuspends() async throws {
    let bus = try await PrivateBus.start()
    // A socket that accepts connections (the kernel queues them) but never answers Hello.
    let silent = try SilentListener()
    // More stuck connects than the pool has threads: blocking ones would starve it.
    let width = ProcessInfo.processInfo.activeProcessorCount + 2
    let stuck = (0..<width).map { _ in
      Task { () -> Bool in
        do {
          _ = try await Connection.connect(.address(silent.address))
          return false
        } catch {
          return true
        }
      }
    }
    let answered = await completes(within: Self.stuck) {
      let connection = try await Connection.connect(.address(bus.address))
      defer { connection.close() }
      _ = try await connection.listNames()
    }
    #expect(answered, "the pool was blocked by connections waiting for Hello")
    silent.close()
    for task in stuck {
      #expect(await task.value, "a connect whose bus went away fails")
    }
    await bus.stop()
  }

  @Test("A match handler can cancel its own subscription; it is not called again")
  func cancelInsideTheHandler() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let calls = Recorder<Int64>()
    let own = Mutex<Subscription?>(nil)
    let subscription = try await fixture.client.addMatch(rule: Self.seekedRule) { message in
      calls.append(message.arguments.first?.int64Value ?? -1)
      own.withLock { $0 }?.cancel()
    }
    own.withLock { $0 = subscription }
    // A second subscription to the same signals, never cancelled: once it has seen the last one,
    // the connection has dispatched every signal to every match.
    let seen = Recorder<Int64>()
    let witness = try await fixture.client.addMatch(rule: Self.seekedRule) { message in
      seen.append(message.arguments.first?.int64Value ?? -1)
    }
    let finished = await completes(within: Self.stuck) {
      for position in Int64(1)...5 {
        try fixture.server.emitSignal(
          path: TestService.path, interface: TestService.interfaceName, member: "Seeked",
          arguments: [.int64(position)])
      }
      try await eventually("the witness to see the five signals", within: Self.stuck) { seen.all.count == 5 }
    }
    #expect(finished)
    #expect(calls.all == [1])
    subscription.cancel()
    witness.cancel()
  }

  @Test("Cancelling from a stream's termination handler while the match handler yields never deadlocks")
  func cancelFromTermination() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let server = fixture.server
    for _ in 0..<20 {
      let finished = await completes(within: Self.stuck) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int64.self)
        let subscription = try await fixture.client.addMatch(rule: Self.seekedRule) { message in
          continuation.yield(message.arguments.first?.int64Value ?? -1)
        }
        continuation.onTermination = { _ in subscription.cancel() }
        let flood = Task.detached {
          for position in Int64(0)..<200 {
            try? server.emitSignal(
              path: TestService.path, interface: TestService.interfaceName, member: "Seeked",
              arguments: [.int64(position)])
          }
        }
        let consumer = Task {
          for await _ in stream {}
        }
        try await Task.sleep(for: .milliseconds(2))
        consumer.cancel()
        await consumer.value
        await flood.value
      }
      #expect(finished, "cancelling from onTermination deadlocked")
      if !finished { return }
    }
  }

  @Test("Cancelling a subscription or registration twice, or after close, does nothing")
  func cancelIsIdempotent() async throws {
    let fixture = try await Fixture()
    let subscription = try await fixture.client.addMatch(rule: Self.seekedRule) { _ in }
    subscription.cancel()
    subscription.cancel()
    fixture.registration.cancel()
    fixture.registration.cancel()
    await #expect(throws: BusError.self) { try await fixture.call("Echo", [.variant(.int32(1))]) }
    fixture.tearDown()
    subscription.cancel()
    fixture.registration.cancel()
  }
}

/// A listening Unix socket that never accepts: clients connect, then wait forever for an answer.
final class SilentListener: Sendable {
  let address: String
  private let path: String
  private let descriptor: Int32

  init() throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent("silent-\(UUID().uuidString.prefix(8))")
      .path
    address = "unix:path=\(path)"
    descriptor = try bindUnixSocket(at: path)
  }

  /// Closes the socket: the connections waiting in its queue are reset.
  func close() {
    _ = Glibc.close(descriptor)
    unlink(path)
  }
}

/// Runs `body` in a task of its own; `false` when it has not finished within `timeout` (the
/// timer is a plain thread, so it fires even when the cooperative pool is stuck).
func completes(
  within timeout: Duration, _ body: @escaping @Sendable () async throws -> Void
) async -> Bool {
  await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
    let once = Atomic<Bool>(false)
    let finish: @Sendable (Bool) -> Void = { result in
      guard !once.exchange(true, ordering: .acquiringAndReleasing) else { return }
      continuation.resume(returning: result)
    }
    Task.detached {
      do {
        try await body()
        finish(true)
      } catch {
        Issue.record(error)
        finish(true)
      }
    }
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: seconds)
      finish(false)
    }
  }
}
