import BusTestSupport
import DBus
import Foundation
import Testing

@Suite("Signals: PropertiesChanged and our own", .leavesNoChildProcesses)
struct SignalTests {
  static let propertiesChangedRule =
    "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='/org/example/Test'"

  /// Runs `body` with a fixture and the client's record of its `PropertiesChanged`, then ends
  /// the match and the fixture, whatever `body` does.
  static func recording(
    _ body: (_ fixture: Fixture, _ received: Recorder<ReceivedMessage>) async throws -> Void
  ) async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let received = Recorder<ReceivedMessage>()
    let subscription = try await fixture.client.addMatch(rule: propertiesChangedRule) { received.append($0) }
    defer { subscription.cancel() }
    try await body(fixture, received)
  }

  @Test("PropertiesChanged carries only the named properties, one signal per call")
  func propertiesChangedCarriesOnlyNamed() async throws {
    try await Self.recording { fixture, received in
      fixture.service.setTitle("Second")
      try fixture.server.emitPropertiesChanged(
        path: TestService.path, interface: TestService.interfaceName, properties: ["Title"])
      try fixture.server.emitPropertiesChanged(
        path: TestService.path, interface: TestService.interfaceName, properties: ["Volume", "Tags"])
      let messages = await received.waitFor(2)
      #expect(messages.count == 2)
      #expect(messages.first?.sender == fixture.server.uniqueName)
      #expect(
        messages.first?.arguments == [
          .string(TestService.interfaceName), .vardict(["Title": .string("Second")]), .strings([]),
        ])
      #expect(
        messages.last?.arguments == [
          .string(TestService.interfaceName), .vardict(["Volume": .double(0.5)]), .strings(["Tags"]),
        ])
    }
  }

  @Test("PropertiesChanged with the values given is the signal the getters make for the same names")
  func propertiesChangedWithValuesMatchesTheGetters() async throws {
    try await Self.recording { fixture, received in
      fixture.service.setTitle("Second")
      // Volume before Title, against their declaration's order, and Tags (invalidates) between them.
      try fixture.server.emitPropertiesChanged(
        path: TestService.path, interface: TestService.interfaceName, properties: ["Volume", "Tags", "Title"])
      try fixture.server.emitPropertiesChanged(
        path: TestService.path, interface: TestService.interfaceName,
        values: [("Volume", .double(0.5)), ("Tags", .strings(["a", "b"])), ("Title", .string("Second"))])
      let messages = await received.waitFor(2)
      #expect(messages.count == 2)
      let changed = Value.dictionary(
        keySignature: "s", valueSignature: "v",
        [
          DictionaryEntry(key: .string("Volume"), value: .variant(.double(0.5))),
          DictionaryEntry(key: .string("Title"), value: .variant(.string("Second"))),
        ])
      #expect(messages.first?.arguments == [.string(TestService.interfaceName), changed, .strings(["Tags"])])
      #expect(messages.last?.arguments == messages.first?.arguments)
      #expect(messages.last?.path == messages.first?.path)
    }
  }

  @Test("PropertiesChanged with values refuses an unannounced, undeclared or ill-typed property")
  func propertiesChangedWithValuesRefusesWhatTheGettersWouldNot() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let refused: [(name: String, value: Value)] = [
      ("Position", .int64(0)), ("Identity", .string("Test")), ("NoSuchProperty", .string("")),
      ("Title", .int32(1)),
    ]
    for entry in refused {
      #expect(throws: BusError.self) {
        try fixture.server.emitPropertiesChanged(
          path: TestService.path, interface: TestService.interfaceName, values: [entry])
      }
    }
  }

  @Test("A property declared .none or .const can never be sent in PropertiesChanged")
  func unannouncedPropertiesAreRefused() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    for name in ["Position", "Identity", "NoSuchProperty"] {
      #expect(throws: BusError.self) {
        try fixture.server.emitPropertiesChanged(
          path: TestService.path, interface: TestService.interfaceName, properties: [name])
      }
    }
  }

  @Test("python3-dbus receives PropertiesChanged with only the named properties")
  func pythonSeesPropertiesChanged() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    // The script subscribes first, then calls Announce, which emits PropertiesChanged for
    // Volume and Title: the bus delivers it after the (synchronous) AddMatch.
    let result = try await fixture.bus.run(
      PrivateBus.python3, [PythonProgram.path("properties_changed_listener.py"), fixture.bus.address])
    #expect(result.output == "org.example.Test ['Title', 'Volume'] []\n", "\(result.error)")
  }

  @Test("emitSignal sends a declared signal with its arguments and refuses a wrong signature")
  func customSignal() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let received = Recorder<ReceivedMessage>()
    let subscription = try await fixture.client.addMatch(
      rule: "type='signal',interface='org.example.Test',member='Seeked'"
    ) { received.append($0) }
    try fixture.server.emitSignal(
      path: TestService.path, interface: TestService.interfaceName, member: "Seeked",
      arguments: [.int64(5_000_000)])
    let messages = await received.waitFor(1)
    #expect(messages.first?.arguments == [.int64(5_000_000)])
    #expect(messages.first?.path == TestService.path)
    #expect(throws: BusError.self) {
      try fixture.server.emitSignal(
        path: TestService.path, interface: TestService.interfaceName, member: "Seeked",
        arguments: [.string("wrong")])
    }
    subscription.cancel()
    try fixture.server.emitSignal(
      path: TestService.path, interface: TestService.interfaceName, member: "Seeked",
      arguments: [.int64(1)])
    // A round trip through the bus orders after the signal: nothing more may have arrived.
    _ = try await fixture.call("Echo", [.variant(.int32(0))])
    _ = try await fixture.client.listNames()
    #expect(received.all.count == 1)
  }

  @Test("a match given sentBy reads only the messages of the senders it admits, asked with each sender")
  func sentByDropsTheMessagesOfOtherSenders() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let other = try await Connection.connect(.address(fixture.bus.address))
    defer { other.close() }
    let otherService = TestService()
    let otherRegistration = try await other.export(otherService.interface, at: TestService.path)
    defer { otherRegistration.cancel() }
    let rule = "type='signal',interface='org.example.Test',member='Seeked'"
    let admitted = fixture.server.uniqueName
    let asked = Recorder<BusName>()
    let filtered = Recorder<ReceivedMessage>()
    let everything = Recorder<ReceivedMessage>()
    let onlyServer = try await fixture.client.addMatch(
      rule: rule,
      sentBy: { sender in
        asked.append(sender)
        return sender == admitted
      }
    ) { filtered.append($0) }
    defer { onlyServer.cancel() }
    let unfiltered = try await fixture.client.addMatch(rule: rule) { everything.append($0) }
    defer { unfiltered.cancel() }

    try other.emitSignal(
      path: TestService.path, interface: TestService.interfaceName, member: "Seeked", arguments: [.int64(1)])
    try fixture.server.emitSignal(
      path: TestService.path, interface: TestService.interfaceName, member: "Seeked", arguments: [.int64(2)])
    #expect(await everything.waitFor(2).count == 2)
    // A round trip from the client orders after both signals' dispatch to every match.
    _ = try await fixture.call("Echo", [.variant(.int32(0))])

    #expect(filtered.all.map(\.arguments) == [[.int64(2)]])
    #expect(filtered.all.map(\.sender) == [admitted])
    #expect(Set(asked.all) == [admitted, other.uniqueName])
  }
}
