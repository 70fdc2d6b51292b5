import BusTestSupport
import Foundation
import Glibc
import Testing

@Suite("The test launcher: children stop on SIGTERM", .leavesNoChildProcesses)
struct ChildProcessTests {
  /// The `SigBlk` mask of process `pid`, as /proc shows it (hexadecimal).
  static func blockedSignals(of pid: Int32) throws -> String {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") })
    return line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces)
  }

  @Test("A child spawned from a concurrency thread blocks no signal and ends on SIGTERM")
  func childEndsOnSigterm() async throws {
    let child = try ChildProcess("/bin/sleep", ["60"])
    #expect(try Self.blockedSignals(of: child.processIdentifier) == "0000000000000000")
    let status = await child.terminate(grace: .seconds(5))
    #expect(status == 128 + SIGTERM, "it ended by SIGTERM, not by the SIGKILL fallback")
  }

  @Test("The private bus's daemon stops on SIGTERM and its folder is removed")
  func busStopsOnSigterm() async throws {
    let bus = try await PrivateBus.start()
    let monitor = try bus.start("/usr/bin/dbus-monitor", "--address", bus.address)
    await bus.stop()
    #expect(monitor.exitStatus == 128 + SIGTERM, "it ended by SIGTERM, not by the SIGKILL fallback")
    #expect(!FileManager.default.fileExists(atPath: bus.directory.path))
  }

  @Test("A child's output arrives line by line while it runs; stopping it stops what it started")
  func linesArriveWhileRunning() async throws {
    let child = try ChildProcess("/bin/sh", ["-c", "echo one; echo two; sleep 60 & echo $!; wait"])
    #expect(await child.nextLine() == "one")
    #expect(try await child.line { $0.hasPrefix("t") } == "two")
    let grandchild = try #require(await child.nextLine().flatMap { Int32($0) })
    #expect(await child.nextLine(within: .milliseconds(200)) == nil)
    await child.terminate()
    try await eventually("the sleep the shell started to end too") { !ChildProcess.isRunning(grandchild) }
  }
}
