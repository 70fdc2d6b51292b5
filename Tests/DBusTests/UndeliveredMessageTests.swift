import BusTestSupport
import DBus
import Foundation
import Testing

@Suite("What no caller waits for is told, not dropped", .leavesNoChildProcesses)
struct UndeliveredMessageTests {
  static let path: ObjectPath = "/org/example/Broken"
  static let interfaceName = "org.example.Broken"

  /// An interface whose `Status` cannot be read: its getter always throws.
  static let broken = Interface(
    name: interfaceName,
    properties: [
      .init("Status", "s", change: .emitsChange) { () throws(BusError) -> Value in
        throw BusError("org.example.Error.Unreadable", "the status cannot be read now")
      },
      .init("Title", "s", change: .emitsChange) { .string("Fine") },
    ])

  @Test("PropertiesChanged that cannot be sent (a getter throws) is told to onUndeliveredMessage")
  func propertiesChangedWithAThrowingGetterIsTold() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let registration = try await fixture.server.export(Self.broken, at: Self.path)
    defer { registration.cancel() }
    let undelivered = Recorder<BusError>()
    fixture.server.onUndeliveredMessage = { undelivered.append($0) }
    let received = Recorder<ReceivedMessage>()
    let subscription = try await fixture.client.addMatch(
      rule: "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
        + "path='\(Self.path)'"
    ) { received.append($0) }
    defer { subscription.cancel() }

    try fixture.server.emitPropertiesChanged(
      path: Self.path, interface: Self.interfaceName, properties: ["Status"])
    let said = await undelivered.waitFor(1)
    #expect(said.count == 1, "\(said)")
    let message = try #require(said.first?.message)
    #expect(
      message.contains("PropertiesChanged of org.example.Broken at /org/example/Broken (Status)"),
      "\(message)")
    #expect(message.contains("was not sent"), "\(message)")

    // The connection goes on: the next signal arrives, and nothing else was said.
    try fixture.server.emitPropertiesChanged(
      path: Self.path, interface: Self.interfaceName, properties: ["Title"])
    let messages = await received.waitFor(1)
    #expect(
      messages.map(\.arguments) == [
        [.string(Self.interfaceName), .vardict(["Title": .string("Fine")]), .strings([])]
      ])
    #expect(undelivered.all.count == 1, "\(undelivered.all)")
  }
}
