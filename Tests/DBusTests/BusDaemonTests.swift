import BusTestSupport
import DBus
import Foundation
import Testing

@Suite("Asking the bus daemon: processes, owners, names", .leavesNoChildProcesses)
struct BusDaemonTests {
  @Test("A connection's process is the one the bus reports to busctl, async and on the connection's thread")
  func processOfAnotherProgram() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    // A program nobody here wrote, owning a name of its own.
    let playerctld = try fixture.bus.start("playerctld")
    let name: BusName = "org.mpris.MediaPlayer2.playerctld"
    let owner = try await eventually("playerctld owns its name") {
      try await fixture.client.nameOwner(of: name)
    }
    #expect(try await fixture.client.processID(of: name) == playerctld.processIdentifier)
    #expect(try await fixture.client.processID(of: owner) == playerctld.processIdentifier)
    let busctl = try await fixture.bus.busctl(
      "call", "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
      "GetConnectionUnixProcessID", "s", owner.rawValue)
    #expect(
      busctl.output.trimmingCharacters(in: .whitespacesAndNewlines) == "u \(playerctld.processIdentifier)")

    let client = fixture.client
    let answered = Recorder<(Result<Int32, BusError>, onThread: Bool)>()
    client.processID(of: owner) { answered.append(($0, client.isOnConnectionThread)) }
    let answer = try #require(await answered.waitFor(1).first)
    #expect(try answer.0.get() == playerctld.processIdentifier)
    #expect(answer.onThread)
  }

  @Test("A name nobody owns: the process is a NameHasNoOwner error naming the call, the owner is nil")
  func nameWithoutOwner() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let name: BusName = "org.example.Nobody"
    let error = await #expect(throws: BusError.self) { try await fixture.client.processID(of: name) }
    #expect(error?.name == .nameHasNoOwner)
    #expect(error?.operation?.contains("GetConnectionUnixProcessID") == true)
    #expect(error?.message.contains(name.rawValue) == true)
    #expect(try await fixture.client.nameOwner(of: name) == nil)

    let answered = Recorder<Result<BusName?, BusError>>()
    fixture.client.nameOwner(of: name) { answered.append($0) }
    #expect(try #require(await answered.waitFor(1).first).get() == nil)
  }

  @Test("Our own connection's process is ours; the owner of a name we own is our unique name")
  func ownProcessAndOwner() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    #expect(try await fixture.client.processID(of: fixture.server.uniqueName) == getpid())
    #expect(try await fixture.client.nameOwner(of: TestService.name) == fixture.server.uniqueName)
    let answered = Recorder<Result<BusName?, BusError>>()
    fixture.client.nameOwner(of: TestService.name) { answered.append($0) }
    #expect(try #require(await answered.waitFor(1).first).get() == fixture.server.uniqueName)
  }

  @Test(
    "The names listed are every connection's and the names they own; the bus itself is activatable-listed")
  func listedNames() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let names = try await fixture.client.listNames()
    #expect(names.contains(TestService.name))
    #expect(names.contains(fixture.server.uniqueName))
    #expect(names.contains(fixture.client.uniqueName))
    let answered = Recorder<Result<[BusName], BusError>>()
    fixture.client.listNames { answered.append($0) }
    #expect(Set(try #require(await answered.waitFor(1).first).get()).isSuperset(of: [TestService.name]))
    #expect(try await fixture.client.listActivatableNames().contains(.bus))
  }

  @Test("Starting a service without a service file is ServiceUnknown, even one running")
  func startingServices() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let error = await #expect(throws: BusError.self) {
      try await fixture.client.startService(named: TestService.name)
    }
    #expect(error?.name == .serviceUnknown)
  }

  @Test("A closed connection fails every question at once, with Disconnected")
  func closedConnection() async throws {
    let fixture = try await Fixture()
    defer { fixture.tearDown() }
    let connection = try await Connection.connect(.address(fixture.bus.address))
    connection.close()
    let error = await #expect(throws: BusError.self) { try await connection.processID(of: .bus) }
    #expect(error?.name == .disconnected)
  }
}
