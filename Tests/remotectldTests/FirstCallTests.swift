import BusTestSupport
import Foundation
import Testing

/// The call that starts the hub through D-Bus activation is answered as a running hub answers it:
/// `remotectl pair` and `remotectl devices` find the web remote's addresses and paired devices,
/// and `remotectl hub` says whether the hub publishes the proxy player, never that it is starting.
///
/// The hub is this build's, installed with `make install` into a temporary home, and started by a
/// real `dbus-daemon` from the installed activation file; its `Exec` line gets `--http-port 0
/// --bridge-port 0` so that it never meets another test's listener on the default ports.
@Suite(
  "The first call starts the hub and is answered by it", .serialized,
  .enabled(if: HubTools.canRun && Installation.canRun), .leavesNoChildProcesses, .timeLimit(.minutes(4)))
struct FirstCallTests {
  /// The installed hub behind a session bus that activates it, in a temporary home.
  private struct Activation {
    let directory: URL
    let bus: ConfiguredBus
    let remotectl: String

    static func start() async throws -> Activation {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "first-call-test-\(UUID().uuidString.prefix(8))")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let prefix = Installation.prefix(home: directory)
      let install = try await Installation.make("install", home: directory)
      try #require(install.status == 0, "\(install)")
      let services = prefix.appendingPathComponent("share/dbus-1/services")
      let file = services.appendingPathComponent("io.github.swift_remote_control.Hub.service")
      let text = try String(contentsOf: file, encoding: .utf8)
      let exec = try #require(text.split(separator: "\n").first { $0.hasPrefix("Exec=") })
      try text.replacingOccurrences(of: exec, with: exec + " --http-port 0 --bridge-port 0")
        .write(to: file, atomically: true, encoding: .utf8)
      let bus = try await ConfiguredBus.start(
        .session, in: directory, servicesDirectory: services,
        environment: Installation.environment(home: directory), standardError: .file("/dev/null"))
      return Activation(
        directory: directory, bus: bus, remotectl: prefix.appendingPathComponent("bin/remotectl").path)
    }

    /// Runs the installed `remotectl` with `arguments` on the bus.
    func remotectl(_ arguments: [String]) async throws -> ClientResult {
      try await bus.run(remotectl, arguments)
    }

    /// Stops the running hub (SIGTERM) and waits until its name has no owner: the next call
    /// starts a new one.
    func stopHub() async throws {
      let pid = try #require(try await bus.processIdentifier(of: "io.github.swift_remote_control.Hub"))
      kill(pid, SIGTERM)
      try await eventually("remotectld stops") {
        try await bus.processIdentifier(of: "io.github.swift_remote_control.Hub") == nil
          && !FileManager.default.fileExists(atPath: "/proc/\(pid)")
      }
    }

    func finish() async throws {
      await bus.stop()
      _ = try await Installation.make("uninstall", home: directory)
      try? FileManager.default.removeItem(at: directory)
    }
  }

  @Test func `the remotectl pair that starts the hub prints the web remote's pairing URL, 10 times in 10`()
    async throws
  {
    let activation = try await Activation.start()
    for round in 1...10 {
      #expect(try await activation.bus.processIdentifier(of: "io.github.swift_remote_control.Hub") == nil)
      let pair = try await activation.remotectl(["pair", "--no-qr"])
      #expect(pair.status == 0, "round \(round): \(pair)")
      #expect(pair.output.hasPrefix("http://127.0.0.1:"), "round \(round): \(pair.output)")
      #expect(pair.output.contains("#pair="), "round \(round): \(pair.output)")
      try await activation.stopHub()
    }
    try await activation.finish()
  }

  @Test func `the remotectl devices or hub that starts the hub answers as a running hub does`() async throws {
    let activation = try await Activation.start()
    for round in 1...3 {
      let devices = try await activation.remotectl(["devices"])
      #expect(devices.status == 0, "round \(round): \(devices)")
      #expect(devices.error == "No paired devices: remotectl pair pairs one\n", "round \(round): \(devices)")
      try await activation.stopHub()

      let hub = try await activation.remotectl(["hub"])
      #expect(hub.status == 0, "round \(round): \(hub)")
      // No desktop shell runs on this bus: the hub publishes the proxy player, and says so.
      #expect(
        hub.error.hasPrefix(
          "The hub publishes the proxy player org.mpris.MediaPlayer2.remotectld (--proxy auto: "
            + "no desktop shell shows every player)\n"), "round \(round): \(hub.error)")
      #expect(!hub.error.contains("starting"), "round \(round): \(hub.error)")
      try await activation.stopHub()
    }
    try await activation.finish()
  }
}
