import BusTestSupport
import Testing

/// `remotectl doctor` on the hub's track notifications: whether `--notify` is on, and whether a
/// notification server is on the session bus to show them (a hub that D-Bus or systemd started
/// was given its options where nobody looks).
@Suite(
  "remotectl doctor on track notifications", .serialized, .enabled(if: HubTools.canRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct NotificationDoctorTests {
  /// `remotectl doctor`'s line on track notifications, once the hub answers with one.
  static func doctorLine(on bus: PrivateBus, containing words: String) async throws -> String {
    try await eventually("doctor to say \(words)") { () async throws -> String? in
      let output = try await bus.run(BuiltProducts.remotectl, ["doctor"]).output
      return output.split(separator: "\n").first { $0.contains("track notifications:") && $0.contains(words) }
        .map(String.init)
    }
  }

  @Test func `doctor says --notify is on, and whether a notification server runs to show them`() async throws
  {
    let bus = try await PrivateBus.start(offeringInstalledServices: false)
    do {
      try await bus.startHub(["--no-http", "--notify"])
      let none = try await Self.doctorLine(
        on: bus, containing: "no notification server is on the session bus")
      #expect(none.contains("track notifications: on, but"), "\(none)")
      _ = try await NotificationDaemon.start(on: bus)
      let running = try await Self.doctorLine(on: bus, containing: "runs")
      #expect(running.contains("track notifications: on; the notification server"), "\(running)")
    } catch {
      await bus.stop()
      throw error
    }
    await bus.stop()
  }

  @Test func `doctor says track notifications are off without --notify`() async throws {
    let bus = try await PrivateBus.start(offeringInstalledServices: false)
    do {
      try await bus.startHub(["--no-http"])
      let off = try await Self.doctorLine(on: bus, containing: "off")
      #expect(off.contains("`remotectld --notify` or `notify = yes` turns them on"), "\(off)")
      #expect(off.contains("no notification server is on the session bus"), "\(off)")
    } catch {
      await bus.stop()
      throw error
    }
    await bus.stop()
  }
}
