import BusTestSupport
import Foundation
import Testing

/// With no session bus binaural starts a private one, and remotectl finds it by itself.
@Suite(.leavesNoChildProcesses) struct BinauralEmbeddedBusTests {
  /// `remotectl`, built beside the test bundle.
  static var remotectl: String { BuiltProducts.remotectl }

  /// Runs `executable` without a session bus, its runtime folder being `runtime`.
  static func run(_ executable: String, _ arguments: [String], runtime: URL) async throws -> ClientResult {
    let process = try ChildProcess(
      executable, arguments, environment: ["XDG_RUNTIME_DIR": runtime.path],
      removing: ["DBUS_SESSION_BUS_ADDRESS"])
    let status = try await process.waitForExit(within: .seconds(20))
    return ClientResult(
      commandLine: process.commandLine, status: status, output: process.standardOutput,
      error: process.standardError)
  }

  @Test(.enabled(if: geteuid() == 0, "making a folder of another user's takes root"))
  func `with no session bus and the private bus's folder another user's, binaural says so and why`()
    async throws
  {
    let runtime = FileManager.default.temporaryDirectory
      .appendingPathComponent("binaural-runtime-\(UUID().uuidString.prefix(8))", isDirectory: true)
    let folder = runtime.appendingPathComponent("swift-remote-control")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: runtime) }
    // As /tmp/swift-remote-control is after another user ran the demo without XDG_RUNTIME_DIR.
    let other: uid_t = getuid() == 65534 ? 65533 : 65534
    guard chown(folder.path, other, other) == 0 else {
      throw TestFailure("cannot give \(folder.path) to user \(other): this test makes another user's folder")
    }
    let result = try await Self.run(
      BinauralTests.executable, ["--output", "null", "--headless"], runtime: runtime)
    #expect(result.status != 0, "\(result)")
    #expect(
      result.error.contains("\(folder.path), is not yours (another user made it): set XDG_RUNTIME_DIR"),
      "\(result)")
  }

  @Test func withNoSessionBusBinauralRunsItsOwnAndRemotectlFindsIt() async throws {
    let runtime = FileManager.default.temporaryDirectory
      .appendingPathComponent("binaural-runtime-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: runtime) }
    let addressFile = runtime.appendingPathComponent("swift-remote-control/bus-address").path
    let binaural = try ChildProcess(
      BinauralTests.executable, ["--output", "null"],
      environment: [
        "XDG_RUNTIME_DIR": runtime.path, "XDG_CACHE_HOME": runtime.appendingPathComponent("cache").path,
      ],
      removing: ["DBUS_SESSION_BUS_ADDRESS"])
    defer { binaural.kill() }

    let address = try await eventually("the address file") {
      (try? String(contentsOfFile: addressFile, encoding: .utf8))?.trimmingCharacters(
        in: .whitespacesAndNewlines)
    }
    #expect(address.hasPrefix("unix:path=\(runtime.path)/swift-remote-control/bus"))
    let hint = try await eventually("the one-line hint") {
      binaural.standardError.split(separator: "\n").first { $0.contains("playerctl status") }
    }
    // The hint names the socket without the daemon's guid, so that it fits a narrow terminal.
    let socketAddress = String(address.prefix { $0 != "," })
    #expect(hint.contains("DBUS_SESSION_BUS_ADDRESS=\(socketAddress) playerctl status"), "\(hint)")

    // playerctl, told the address, sees the player once it owns its name.
    let playerctl = try await eventually("playerctl to see binaural") { () async throws -> String? in
      let process = try ChildProcess(
        "playerctl", ["--player=binaural", "status"], environment: ["DBUS_SESSION_BUS_ADDRESS": socketAddress]
      )
      let status = try await process.waitForExit()
      return status == 0 ? process.standardOutput : nil
    }
    #expect(playerctl == "Paused\n")

    // remotectl finds it by itself, and plays it.
    let play = try await Self.run(Self.remotectl, ["play"], runtime: runtime)
    #expect(play.succeeded, "\(play)")
    let status = try await Self.run(Self.remotectl, ["status"], runtime: runtime)
    #expect(status.output == "Playing\n", "\(status)")
    let doctor = try await Self.run(Self.remotectl, ["doctor"], runtime: runtime)
    #expect(doctor.output.contains("binaural's private bus \(address), from \(addressFile)"), "\(doctor)")

    // After binaural exits, the daemon and the file are gone.
    binaural.signal(SIGTERM)
    #expect(try await binaural.waitForExit() == 0, "\(binaural.standardError)")
    #expect(!FileManager.default.fileExists(atPath: addressFile))
    let socket = String(address.dropFirst("unix:path=".count).prefix { $0 != "," })
    #expect(!FileManager.default.fileExists(atPath: socket))
    let daemons = try await Self.run("pgrep", ["-f", socket], runtime: runtime)
    #expect(daemons.output.isEmpty, "\(daemons)")
    let after = try await Self.run(Self.remotectl, ["status"], runtime: runtime)
    #expect(after.status != 0)
    #expect(
      after.error.contains("looked at DBUS_SESSION_BUS_ADDRESS, $XDG_RUNTIME_DIR/bus and \(addressFile)"),
      "\(after)")
  }
}
