import BusTestSupport
import Foundation

/// remotectld with its bridge, run on a private bus with a runtime folder of its own, and found
/// as a client finds it: through the endpoint file the protocol documents
/// (`$XDG_RUNTIME_DIR/remotectld/bridge-endpoint`).
struct BridgeHub: Sendable {
  /// The hub's process; it stops with the bus.
  let process: ChildProcess
  /// The hub's `$XDG_RUNTIME_DIR`.
  let runtimeDirectory: URL
  /// The loopback port it listens on.
  let port: Int
  /// The hub's log file.
  let log: String

  /// remotectld's option for the bridge's loopback port.
  static let portOption = "--bridge-port"

  /// `http://127.0.0.1:<port>`: the hub's origin, which the bridge always allows.
  var origin: String { "http://127.0.0.1:\(port)" }

  /// The URL of one of the files the hub serves under `/bridge/`, such as `demo.html?…`.
  func url(_ file: String) -> String { "\(origin)/bridge/\(file)" }

  /// Opens ``url(_:)`` of `file` in `browser`; a failure says whether the hub still runs, with
  /// the end of its log.
  func open(_ file: String, in browser: TestBrowser) async throws -> DemoPage {
    do {
      return try await browser.open(url(file))
    } catch {
      let state = process.exitStatus.map { "remotectld exited with \($0)" } ?? "remotectld still runs"
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      throw TestFailure("\(error)\n\(state); its log:\n\(text.suffix(3000))")
    }
  }

  /// Starts remotectld on `bus`, listening on `port` (0: a port it picks), with `arguments`
  /// besides, and returns once it has written its endpoint file. A restarted hub given the same
  /// port is found at the same address, as a page that reconnects needs.
  static func start(
    on bus: PrivateBus, port: Int = 0, runtimeDirectory: URL? = nil, arguments: [String] = []
  ) async throws -> BridgeHub {
    let runtime = runtimeDirectory ?? bus.directory.appendingPathComponent("runtime", isDirectory: true)
    try FileManager.default.createDirectory(
      at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let endpointFile = runtime.appendingPathComponent("remotectld/bridge-endpoint")
    try? FileManager.default.removeItem(at: endpointFile)
    let log = bus.directory.appendingPathComponent("remotectld-\(UUID().uuidString.prefix(4)).log").path
    let process = try await bus.startHub(
      [portOption, String(port)] + arguments,
      environment: [
        "XDG_RUNTIME_DIR": runtime.path,
        "XDG_CONFIG_HOME": bus.directory.appendingPathComponent("config").path,
      ], log: log, waitingForName: false)
    let endpoint = try await eventually("remotectld to write \(endpointFile.path) (log: \(log))") {
      () -> String? in
      if let status = process.exitStatus {
        throw TestFailure(
          "remotectld exited with \(status): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
      }
      guard let text = try? String(contentsOf: endpointFile, encoding: .utf8) else { return nil }
      let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
      return line.isEmpty ? nil : line
    }
    // ws://127.0.0.1:41234/bridge
    guard let components = URLComponents(string: endpoint), let listening = components.port else {
      throw TestFailure("the endpoint file holds '\(endpoint)', not ws://127.0.0.1:<port>/bridge")
    }
    return BridgeHub(process: process, runtimeDirectory: runtime, port: listening, log: log)
  }

  /// Stops the hub (SIGTERM) and waits for it.
  func stop() async {
    _ = await process.terminate()
  }
}
