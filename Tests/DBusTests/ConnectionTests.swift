import BusTestSupport
import DBus
import Foundation
import Testing

@Suite("Names, owners and reconnecting", .leavesNoChildProcesses)
struct ConnectionTests {
  @Test("Requesting a taken name reports exists, so MPRIS can fall back to .instance<pid>")
  func takenName() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let second = try await Connection.connect(.address(fixture.bus.address))
    defer { second.close() }
    #expect(try await second.requestName(TestService.name) == .exists)
    #expect(try await fixture.server.requestName(TestService.name) == .alreadyOwner)
    let fallback = try BusName("\(TestService.name).instance\(getpid())")
    #expect(try await second.requestName(fallback) == .primaryOwner)
    #expect(try await fixture.client.nameOwner(of: fallback) == second.uniqueName)
    #expect(try await second.requestName(TestService.name, flags: []) == .inQueue)
  }

  @Test("Name owner tracking sees a name appear and disappear")
  func nameOwnerTracking() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let name: BusName = "org.example.Tracked"
    let changes = Recorder<NameOwnerChange>()
    let subscription = try await fixture.client.watchNameOwner(name) { changes.append($0) }
    defer { subscription.cancel() }
    #expect(try await fixture.client.nameOwner(of: name) == nil)
    #expect(try await fixture.server.requestName(name) == .primaryOwner)
    #expect(try await fixture.client.listNames().contains(name))
    try await fixture.server.releaseName(name)
    let seen = await changes.waitFor(2)
    #expect(
      seen == [
        NameOwnerChange(name: name, oldOwner: nil, newOwner: fixture.server.uniqueName),
        NameOwnerChange(name: name, oldOwner: fixture.server.uniqueName, newOwner: nil),
      ])
  }

  @Test("Connecting to an address where no bus listens fails with a BusError, async or blocking")
  func connectFailure() async {
    await #expect(throws: BusError.self) {
      _ = try await Connection.connect(.address("unix:path=/nonexistent/dbus-test-socket"))
    }
    #expect(throws: BusError.self) {
      _ = try Connection(.address("unix:path=/nonexistent/dbus-test-socket"))
    }
  }

  @Test("After the daemon is killed and restarted, name, object and matches return within 1 s")
  func reconnect() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let reconnected = Recorder<ContinuousClock.Instant>()
    fixture.server.onReconnect = { reconnected.append(.now) }
    let signals = Recorder<ReceivedMessage>()
    let subscription = try await fixture.server.addMatch(
      rule: "type='signal',interface='org.example.Ping'"
    ) { signals.append($0) }
    defer { subscription.cancel() }
    // busctl, not gdbus emit: gdbus sends before its Hello completes, and the daemon drops that.
    let first = try await fixture.bus.busctl("emit", "/x", "org.example.Ping", "Hello", "i", "1")
    #expect(first.status == 0, "\(first.error)")
    #expect(await signals.waitFor(1).count == 1, "the match works before the restart")

    try await fixture.bus.restart()
    let restarted = ContinuousClock.now

    // Timed where the server is back: onReconnect comes once the object, the matches and the
    // name (its RequestName answered) are registered again; not by another client's polling,
    // which a busy machine slows down.
    let back = try #require(await reconnected.waitFor(1, within: .seconds(10)).first, "no reconnect")
    #expect(
      restarted.duration(to: back) < .seconds(1), "back \(restarted.duration(to: back)) after the restart")
    #expect(reconnected.all.count == 1)
    let observer = try await Connection.connect(.address(fixture.bus.address))
    defer { observer.close() }
    try await eventually("another client to see the name") {
      (try? await observer.nameOwner(of: TestService.name)) != nil
    }
    // The new daemon numbers from :1.0 again, so the name may well be the same text; what
    // matters is that it is the name the new daemon gave the server.
    #expect(try await observer.nameOwner(of: TestService.name) == fixture.server.uniqueName)
    let reply = try await observer.call(
      destination: TestService.name, path: TestService.path, interface: TestService.interfaceName,
      member: "Concat", arguments: [.string("re"), .string("connected")])
    #expect(reply == [.string("reconnected")])
    // The match was installed again: a signal from the observer reaches the server.
    let emitter = try await fixture.bus.busctl("emit", "/x", "org.example.Ping", "Hello", "i", "2")
    #expect(emitter.status == 0, "\(emitter.error)")
    #expect(await signals.waitFor(2).count == 2, "the match works after the restart")
  }

  @Test("Calls pending when the bus goes away fail with Disconnected instead of hanging")
  func pendingCallsFailOnDisconnect() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let pending = Task { try await fixture.call("Hang", timeout: .seconds(20)) }
    try await eventually("the call to reach its hanging handler") { fixture.service.hungCount == 1 }
    await fixture.bus.kill()
    do {
      _ = try await pending.value
      Issue.record("the call must fail")
    } catch let error as BusError {
      #expect(error.name == .disconnected || error.name == .noReply)
    }
  }

  @Test("close() stops the connection; later calls fail at once")
  func closeStops() async throws {
    let bus = try await PrivateBus.start()
    let connection = try await Connection.connect(.address(bus.address))
    connection.close()
    connection.close()
    await #expect(throws: BusError.self) {
      _ = try await connection.listNames()
    }
    await bus.stop()
  }
}

@Suite("Idle behaviour", .leavesNoChildProcesses)
struct IdleTests {
  /// The context switches of one thread of this process so far.
  static func contextSwitches(of thread: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/self/task/\(thread)/status", encoding: .utf8)
    return status.split(separator: "\n")
      .filter { $0.hasPrefix("voluntary_ctxt_switches") || $0.hasPrefix("nonvoluntary_ctxt_switches") }
      .compactMap { $0.split(separator: "\t").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
      .reduce(0, +)
  }

  /// Whether one thread of this process sleeps now (`State: S`), as a bus thread does in `poll`.
  static func isSleeping(_ thread: Int32) throws -> Bool {
    let status = try String(contentsOfFile: "/proc/self/task/\(thread)/status", encoding: .utf8)
    return status.split(separator: "\n").contains { $0.hasPrefix("State:") && $0.contains("S (sleeping)") }
  }

  @Test("An idle connection with an exported object and a name never wakes its thread")
  func idleConnectionDoesNotWakeUp() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    _ = try await fixture.call("Echo", [.variant(.int32(1))])
    let thread = try #require(fixture.server.threadID)
    // Counted from the moment the thread is back in poll: until then, answering the call may still
    // switch it.
    try await eventually("the bus thread to sleep in poll") { try IdleTests.isSleeping(thread) }
    let before = try IdleTests.contextSwitches(of: thread)
    #expect(before > 0, "the thread has run, so its counters are readable")
    // Measuring idleness takes a stretch of time with nothing happening: here a sleep is the point.
    try await Task.sleep(for: .milliseconds(500))
    let after = try IdleTests.contextSwitches(of: thread)
    #expect(after == before, "the idle bus thread woke up \(after - before) times in 0.5 s")
  }
}
