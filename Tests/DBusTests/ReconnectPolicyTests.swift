import BusTestSupport
import DBus
import Foundation
import Testing

@Suite("Reconnecting to a replaced or vanished bus", .leavesNoChildProcesses)
struct ReconnectPolicyTests {
  /// A `dbus-daemon` listening at `socket`, and the full address it printed, `guid=` included
  /// (its server id; not `GetId`'s answer, which names the bus, not the listening socket).
  static func daemon(at socket: String) async throws -> (process: ChildProcess, address: String) {
    let process = try ChildProcess(
      "dbus-daemon", ["--session", "--nofork", "--print-address=1", "--address=unix:path=\(socket)"])
    let address = try await process.line(within: .seconds(10)) { $0.hasPrefix("unix:") }
    return (process, address.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  @Test(
    "When another daemon replaces the one a guid= address names, the connection drops the guid, returns and says so once"
  )
  func replacedDaemonBehindAGUID() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "guid-test-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let socket = folder.appendingPathComponent("bus").path
    let first = try await Self.daemon(at: socket)
    #expect(first.address.contains(",guid="))
    let server = try await Connection.connect(.address(first.address))
    defer { server.close() }
    let reports = Recorder<BusError>()
    server.onReconnectFailure = { reports.append($0) }
    let reconnected = Recorder<Bool>()
    server.onReconnect = { reconnected.append(true) }
    let name: BusName = "org.example.Replaced"
    #expect(try await server.requestName(name) == .primaryOwner)

    first.process.kill()
    _ = try await first.process.waitForExit()
    let second = try await Self.daemon(at: socket)
    #expect(second.address != first.address, "a new daemon, a new server id")
    let observer = try await Connection.connect(.address(second.address))
    defer { observer.close() }
    // Keeping the guid, it would retry forever and never return.
    try await eventually("the name back on the new daemon") {
      (try? await observer.nameOwner(of: name)) != nil
    }
    #expect(await reconnected.waitFor(1).count == 1)
    // The refused guid is said once. On a busy machine the connection may also have found no
    // daemon at all before the new one listened, which it says once too.
    let said = reports.all
    #expect(said.filter { $0.message.contains("guid") }.count == 1, "\(said)")
    #expect(said.count <= 2, "\(said)")
    observer.close()
    server.close()
    await second.process.terminate()
  }

  @Test("A bus that stays away is retried less and less often (said once), and rejoined when it returns")
  func vanishedBusBacksOff() async throws {
    let bus = try await PrivateBus.start()
    let server = try await Connection.connect(.address(bus.address))
    defer { server.close() }
    let reports = Recorder<BusError>()
    server.onReconnectFailure = { reports.append($0) }
    let name: BusName = "org.example.Vanished"
    #expect(try await server.requestName(name) == .primaryOwner)
    let thread = try #require(server.threadID)

    await bus.kill()
    // Ten quick attempts (1 s), then the report that they become rarer.
    let said = await reports.waitFor(1, within: .seconds(5))
    #expect(said.count == 1, "\(said)")
    #expect(said.first?.message.contains("retrying less and less often") == true, "\(said)")
    // Counting wake-ups takes a stretch of time: here a sleep is the point. At 100 ms apart,
    // 3 s would be 30 attempts; backing off (200, 400, 800, 1600 ms…) it is a handful.
    let before = try IdleTests.contextSwitches(of: thread)
    try await Task.sleep(for: .seconds(3))
    let after = try IdleTests.contextSwitches(of: thread)
    #expect(after - before <= 10, "the bus thread woke \(after - before) times in 3 s while the bus was away")
    #expect(reports.all.count == 1, "said once, not on every attempt: \(reports.all)")

    try await bus.restart()
    let observer = try await Connection.connect(.address(bus.address))
    defer { observer.close() }
    // The longest wait between attempts is 5 s.
    try await eventually("the connection back after the bus returned", within: .seconds(15)) {
      (try? await observer.nameOwner(of: name)) != nil
    }
    await bus.stop()
  }

  @Test("A name the returning bus refuses is said through onReconnectFailure; the rest is registered again")
  func nameRefusedAfterReconnectIsSaid() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "refused-test-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let socket = folder.appendingPathComponent("bus").path
    let refused: BusName = "org.example.Refused"
    let kept: BusName = "org.example.Kept"
    // The daemon that comes back at the same path forbids owning one of the two names.
    let configuration = folder.appendingPathComponent("refusing.conf")
    let policy = #"<policy context="mandatory"><deny own="\#(refused)"/></policy>"#
    try PrivateBus.sessionConfiguration(policy: policy)
      .write(to: configuration, atomically: true, encoding: .utf8)
    let first = try await Self.daemon(at: socket)
    // Without the guid: the point here is the name, not the replaced daemon.
    let server = try await Connection.connect(.address("unix:path=\(socket)"))
    defer { server.close() }
    let reports = Recorder<BusError>()
    server.onReconnectFailure = { reports.append($0) }
    let reconnected = Recorder<Bool>()
    server.onReconnect = { reconnected.append(true) }
    #expect(try await server.requestName(refused) == .primaryOwner)
    #expect(try await server.requestName(kept) == .primaryOwner)

    first.process.kill()
    _ = try await first.process.waitForExit()
    let second = try ChildProcess(
      "dbus-daemon",
      [
        "--config-file=\(configuration.path)", "--nofork", "--print-address=1",
        "--address=unix:path=\(socket)",
      ])
    _ = try await second.line(within: .seconds(10)) { $0.hasPrefix("unix:") }
    #expect(await reconnected.waitFor(1, within: .seconds(10)).count == 1)
    let said = reports.all.filter { $0.message.contains("\(refused)") }
    #expect(said.count == 1, "\(reports.all)")
    #expect(said.first?.name == .accessDenied, "\(said)")
    #expect(said.first?.message.contains("could not be requested again") == true, "\(said)")
    let observer = try await Connection.connect(.address("unix:path=\(socket)"))
    defer { observer.close() }
    #expect(try await observer.nameOwner(of: kept) == server.uniqueName)
    #expect(try await observer.nameOwner(of: refused) == nil)
    observer.close()
    server.close()
    await second.terminate()
  }
}
