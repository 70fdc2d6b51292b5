import BusTestSupport
import DBus
import Foundation

/// A private bus, a connection that owns `org.example.Test` and exports ``TestService`` on it,
/// and a second connection acting as a client.
struct Fixture {
  let bus: PrivateBus
  let server: Connection
  let client: Connection
  let service: TestService
  let registration: Registration

  init() async throws {
    bus = try await PrivateBus.start()
    server = try await Connection.connect(.address(bus.address))
    client = try await Connection.connect(.address(bus.address))
    service = TestService()
    registration = try await server.export(service.interface, at: TestService.path)
    let server = self.server
    service.onAnnounce {
      try? server.emitPropertiesChanged(
        path: TestService.path, interface: TestService.interfaceName,
        properties: ["Volume", "Title"])
    }
    let result = try await server.requestName(TestService.name)
    guard result == .primaryOwner else { throw TestFailure("could not own the test name") }
  }

  /// Calls a method of the test service through our own client.
  func call(_ member: String, _ arguments: [Value] = [], timeout: Duration? = nil)
    async throws(BusError) -> [Value]
  {
    try await client.call(
      destination: TestService.name, path: TestService.path,
      interface: TestService.interfaceName, member: member, arguments: arguments,
      timeout: timeout)
  }

  /// Sets a property of the test service through our own client (`Properties.Set`).
  func setProperty(_ name: String, _ value: Value) async throws(BusError) {
    _ = try await client.call(
      destination: TestService.name, path: TestService.path,
      interface: "org.freedesktop.DBus.Properties", member: "Set",
      arguments: [.string(TestService.interfaceName), .string(name), .variant(value)])
  }

  /// Closes both connections; the daemon gets SIGTERM when the fixture goes away.
  func tearDown() {
    client.close()
    server.close()
  }
}
