import BusTestSupport
package import Foundation

/// PipeWire with its pulse server (`pipewire`, `wireplumber`, `pipewire-pulse`), started for one
/// test on a private session bus with a private runtime folder: DESIGN's recipe, beside
/// pulseaudio.
package final class PipeWirePulseServer: Sendable {
  /// The private runtime folder (`XDG_RUNTIME_DIR`, `HOME`) of the daemons.
  package let directory: URL
  /// The session bus WirePlumber needs, its own.
  private let bus: PrivateBus
  /// The pulse server's address for libpulse and `PULSE_SERVER`: "unix:DIR/pulse/native".
  package let address: String
  private let daemons: [ChildProcess]

  /// Whether `pipewire`, `pipewire-pulse` and `wireplumber` are installed.
  package static var isInstalled: Bool {
    ["/usr/bin/pipewire", "/usr/bin/pipewire-pulse", "/usr/bin/wireplumber"].allSatisfy {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  private init(directory: URL, bus: PrivateBus, address: String, daemons: [ChildProcess]) {
    self.directory = directory
    self.bus = bus
    self.address = address
    self.daemons = daemons
  }

  /// Environment for the daemons and their clients.
  package var environment: [String: String] { Self.environment(in: directory, bus: bus) }

  private static func environment(in directory: URL, bus: PrivateBus) -> [String: String] {
    var environment = bus.environment
    for name in ["HOME", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME"] {
      environment[name] = directory.path
    }
    // pipewire-pulse puts its socket in PULSE_RUNTIME_PATH when set (the bus gives one): here,
    // where XDG_RUNTIME_DIR would put it.
    environment["PULSE_RUNTIME_PATH"] = directory.appendingPathComponent("pulse").path
    environment["PULSE_SERVER"] = "unix:\(directory.appendingPathComponent("pulse/native").path)"
    return environment
  }

  /// Starts pipewire, then wireplumber, then pipewire-pulse; returns once the pulse socket accepts
  /// connections and the server names itself PipeWire.
  package static func start() async throws -> PipeWirePulseServer {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("pipewire-test-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let bus = try await PrivateBus.start()
    let environment = environment(in: directory, bus: bus)
    var daemons: [ChildProcess] = []
    do {
      daemons.append(try ChildProcess("/usr/bin/pipewire", [], environment: environment))
      try await eventually("pipewire's socket") {
        acceptsConnections(atUnixSocket: directory.appendingPathComponent("pipewire-0").path)
      }
      daemons.append(try ChildProcess("/usr/bin/wireplumber", [], environment: environment))
      daemons.append(try ChildProcess("/usr/bin/pipewire-pulse", [], environment: environment))
      let socket = directory.appendingPathComponent("pulse/native").path
      try await eventually("pipewire-pulse's socket") { acceptsConnections(atUnixSocket: socket) }
      let server = PipeWirePulseServer(
        directory: directory, bus: bus, address: "unix:\(socket)", daemons: daemons)
      try await eventually("pactl info to name PipeWire") {
        let info = try await ChildProcess.run("pactl", ["info"], environment: environment)
        return info.output.contains("on PipeWire")
      }
      return server
    } catch {
      for daemon in daemons.reversed() { await daemon.terminate() }
      await bus.stop()
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
  }

  /// Stops the daemons, the bus, and removes the folder.
  package func stop() async {
    for daemon in daemons.reversed() { await daemon.terminate() }
    await bus.stop()
    try? FileManager.default.removeItem(at: directory)
  }
}
