import BusTestSupport
import DBus
import Synchronization
import Testing

@Suite("Property writes answered later", .leavesNoChildProcesses)
struct PropertyWriteTests {
  static let path: ObjectPath = "/org/example/Knob"

  @Test func `a taken write is answered when the handler answers; declined ones reach the exported setter`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let server = try await Connection.connect(.address(bus.address))
    let client = try await Connection.connect(.address(bus.address))
    let stored = Mutex<Value>(.double(1))
    let setterCalls = Atomic<Int>(0)
    let registration = try await server.export(
      Interface(
        name: "org.example.Knob",
        properties: [
          .init(
            "Level", "d", get: { stored.withLock { $0 } },
            set: { value, _ in
              setterCalls.wrappingAdd(1, ordering: .relaxed)
              stored.withLock { $0 = value }
            }),
          .init("Mood", "s", get: { .string("calm") }),
        ]), at: Self.path)
    // The handler takes writes of Level to 0.5 or 0.75 and holds them; it declines the rest.
    let taken = Mutex<[PropertyWrite]>([])
    let handler = try await server.handlePropertyWrites(at: Self.path) { write in
      guard write.interface == "org.example.Knob", write.property == "Level",
        write.value == .double(0.5) || write.value == .double(0.75)
      else { return false }
      taken.withLock { $0.append(write) }
      return true
    }
    let destination = server.uniqueName
    @Sendable func set(_ name: String, _ value: Value) async throws {
      _ = try await client.call(
        destination: destination, path: Self.path, interface: "org.freedesktop.DBus.Properties",
        member: "Set",
        arguments: [.string("org.example.Knob"), .string(name), .variant(value)])
    }

    let accepted = Task { try await set("Level", .double(0.5)) }
    try await eventually("the handler seeing the write") { taken.withLock { $0.count } == 1 }
    // While that write waits, the connection answers other calls.
    let level = try await client.call(
      destination: destination, path: Self.path, interface: "org.freedesktop.DBus.Properties", member: "Get",
      arguments: [.string("org.example.Knob"), .string("Level")])
    #expect(level == [.variant(.double(1))])
    taken.withLock { $0[0] }.accept()
    try await accepted.value
    #expect(setterCalls.load(ordering: .relaxed) == 0, "a taken write never reaches the setter")

    let refused = Task { try await set("Level", .double(0.75)) }
    try await eventually("the handler seeing the second write") { taken.withLock { $0.count } == 2 }
    taken.withLock { $0[1] }.fail(BusError("org.example.Error.TooLoud", "0.75 is too loud"))
    await #expect {
      try await refused.value
    } throws: { error in
      (error as? BusError)?.name.rawValue == "org.example.Error.TooLoud"
        && (error as? BusError)?.message == "0.75 is too loud"
    }

    // Declined: the exported setter answers, and sd-bus refuses read-only properties as usual.
    try await set("Level", .double(0.25))
    #expect(setterCalls.load(ordering: .relaxed) == 1)
    #expect(stored.withLock { $0 } == .double(0.25))
    await #expect {
      try await set("Mood", .string("angry"))
    } throws: { error in
      (error as? BusError)?.name == .propertyReadOnly
    }

    handler.cancel()
    registration.cancel()
    client.close()
    server.close()
    await bus.stop()
  }
}
