import BusTestSupport
import DBus
import Foundation
import Testing

/// `emitPropertiesChanged(…, atOnce: true)`: a change another connection of the same thread
/// forwards is sent inside the handler that makes it, not after every message the thread reads
/// with it (what the hub does for bluetoothd, whose system bus connection shares the session
/// connection's thread), and never ahead of work handed to the thread before it.
@Suite("Emitting a change at once from a handler", .leavesNoChildProcesses)
struct EmitAtOnceTests {
  static let path: ObjectPath = "/org/example/AtOnce"
  static let interfaceName = "org.example.AtOnce"

  /// Two connections on one thread: `forwarder` serves `Change`, whose handler runs `change`
  /// and then says it returns; `outlet` serves `Title`, whose getter says when sd-bus reads it
  /// for the signal. A client calls `Change` and hears `outlet`'s PropertiesChanged; the
  /// events are returned once `count` of them came.
  static func run(
    events count: Int = 2,
    _ change:
      @escaping @Sendable (
        _ forwarder: Connection, _ outlet: Connection, _ events: Recorder<String>
      ) -> Void
  ) async throws -> (events: [String], signal: ReceivedMessage?) {
    let bus = try await PrivateBus.start()
    let thread = try ConnectionThread()
    let forwarder = try await Connection.connect(.address(bus.address), on: thread)
    let outlet = try await Connection.connect(.address(bus.address), on: thread)
    let client = try await Connection.connect(.address(bus.address))
    let events = Recorder<String>()
    let exported = try await outlet.export(
      Interface(
        name: interfaceName, methods: [],
        properties: [
          .init("Title", "s", change: .emitsChange) {
            events.append("getter")
            return .string("Second")
          }
        ], signals: []), at: path)
    let served = try await forwarder.export(
      Interface(
        name: interfaceName,
        methods: [
          .init("Change") { call in
            change(forwarder, outlet, events)
            events.append("handler returns")
            call.reply()
          }
        ], properties: [], signals: []), at: path)
    let received = Recorder<ReceivedMessage>()
    let subscription = try await client.addMatch(
      rule: "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
        + "sender='\(outlet.uniqueName)',path='\(path)'"
    ) { received.append($0) }
    _ = try await client.call(
      destination: forwarder.uniqueName, path: path, interface: interfaceName, member: "Change")
    let signal = await received.waitFor(1).first
    _ = await events.waitFor(count)
    subscription.cancel()
    served.cancel()
    exported.cancel()
    client.close()
    forwarder.close()
    outlet.close()
    thread.stop()
    await bus.stop()
    return (events.all, signal)
  }

  static func emit(_ outlet: Connection, atOnce: Bool, _ events: Recorder<String>) {
    do {
      try outlet.emitPropertiesChanged(
        path: path, interface: interfaceName, properties: ["Title"], atOnce: atOnce)
    } catch {
      events.append("not emitted: \(error)")
    }
  }

  @Test("a change emitted at once on another connection of the thread is sent before the handler returns")
  func sentInsideTheHandler() async throws {
    let (events, signal) = try await Self.run { _, outlet, events in
      Self.emit(outlet, atOnce: true, events)
    }
    #expect(events == ["getter", "handler returns"])
    #expect(
      signal?.arguments == [
        .string(Self.interfaceName), .vardict(["Title": .string("Second")]), .strings([]),
      ])
  }

  @Test("without at once, the change waits for the handler and the messages read with it")
  func queuedWithoutAtOnce() async throws {
    let (events, signal) = try await Self.run { _, outlet, events in
      Self.emit(outlet, atOnce: false, events)
    }
    #expect(events == ["handler returns", "getter"])
    #expect(signal != nil)
  }

  @Test("a change emitted at once after work handed to the thread is sent after that work, in order")
  func neverAheadOfQueuedWork() async throws {
    let (events, signal) = try await Self.run(events: 3) { forwarder, outlet, events in
      forwarder.perform { events.append("work handed over before") }
      Self.emit(outlet, atOnce: true, events)
    }
    #expect(events == ["handler returns", "work handed over before", "getter"])
    #expect(signal != nil)
  }
}
