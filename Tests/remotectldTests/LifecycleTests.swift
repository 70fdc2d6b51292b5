import BusTestSupport
import Foundation
import HubAPI
import Testing

/// remotectld as a program: its help, its graceful stop, and one hub per bus.
@Suite(
  "remotectld's life", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct LifecycleTests {
  @Test func `--help says what it does`() async throws {
    let help = try await ChildProcess.run(HubTools.remotectld, ["--help"])
    #expect(help.status == 0)
    for text in [
      "Now Playing hub", "MPRIS player", "resumes it", Hub1.interface,
      "--ignore-player", "--no-playerctld",
    ] {
      #expect(help.output.contains(text), "\(text) in \(help.output)")
    }
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func `a signal stops it gracefully: exit 0 and its names released`(signal: Int32) async throws {
    let bus = try await PrivateBus.start()
    let hub = try await bus.startHub()
    hub.signal(signal)
    #expect(try await hub.waitForExit(within: .seconds(10)) == 0)
    let names = try await bus.gdbusCall(
      "org.freedesktop.DBus", "org.freedesktop.DBus.ListNames", path: "/org/freedesktop/DBus")
    #expect(!names.contains(PrivateBus.hubName))
    #expect(!names.contains(PrivateBus.playerctldName))
    await bus.stop()
  }

  @Test func `a second hub on the same bus refuses to run and says why`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    let second = try await bus.runHub([])
    #expect(second.status == 1)
    #expect(
      second.error.contains("another hub already runs: \(HubAddress.busName) is owned by"),
      "\(second.error)")
    await bus.stop()
  }

  @Test func `a bad option says what was wrong`() async throws {
    let result = try await ChildProcess.run(HubTools.remotectld, ["--log-level", "loud"])
    #expect(result.status != 0)
    #expect(result.error.contains("unknown log level \"loud\""), "\(result.error)")
  }
}
