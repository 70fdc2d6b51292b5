import Foundation
import HubAPI

/// The one way the tests launch the Now Playing hub.
extension PrivateBus {
  /// The hub's well-known bus name.
  package static let hubBusName = "\(HubAddress.busName)"

  /// Starts remotectld on this bus with `--log-level debug` and `arguments`; it is stopped with
  /// the bus.
  ///
  /// - Parameters:
  ///   - arguments: remotectld's options after `--log-level debug`.
  ///   - environment: Variables set on top of the bus's own (its state, config and runtime
  ///     folders). `XDG_STATE_HOME` is the bus's folder's `state` unless given, so that no hub
  ///     under test remembers a Now Playing app for another.
  ///   - removing: Variables of the bus's environment taken out of the hub's. The bus's
  ///     `XDG_RUNTIME_DIR` is the clients' only: the hub gets one when `environment` gives it, as
  ///     before the bus had one, so that no hub under test opens the bridge on its fixed port.
  ///   - log: Where its standard error goes; by default `remotectld.log` in the bus's folder.
  ///   - capturingLog: Whether its standard error is kept in the returned process's
  ///     `standardError` instead, for tests that read what it logged.
  ///   - executable: The remotectld to run; by default the one built beside the tests.
  ///   - waitingForName: Whether to return only once it owns the hub's name; `false` for tests
  ///     that wait for something else (the bridge's endpoint file) or for it to fail.
  ///   - launcher: A command that runs it, such as `ip netns exec NAME` (none by default).
  @discardableResult
  package func startHub(
    _ arguments: [String] = [], environment: [String: String] = [:], removing: [String] = [],
    log: String? = nil, capturingLog: Bool = false, executable: String = BuiltProducts.remotectld,
    waitingForName: Bool = true, launcher: [String] = []
  ) async throws -> ChildProcess {
    let environment = environment.merging(
      ["XDG_STATE_HOME": directory.appendingPathComponent("state").path]) { given, _ in given }
    let removing = removing + (environment["XDG_RUNTIME_DIR"] == nil ? ["XDG_RUNTIME_DIR"] : [])
    let variables =
      removing.flatMap { ["-u", $0] } + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let command = launcher + ["/usr/bin/env"] + variables + [executable, "--log-level", "debug"] + arguments
    let hub = try start(
      command[0], Array(command.dropFirst()),
      standardError: capturingLog
        ? .capture : .file(log ?? directory.appendingPathComponent("remotectld.log").path))
    if waitingForName { try await waitForName(Self.hubBusName) }
    return hub
  }

  /// The hub's log as written so far (`remotectld.log` in the bus's folder, where ``startHub(_:environment:removing:log:capturingLog:executable:waitingForName:launcher:)``
  /// sends it by default), or a line saying why there is none, for a failing test's message.
  package var hubLog: String {
    let file = directory.appendingPathComponent("remotectld.log")
    do {
      return try String(contentsOf: file, encoding: .utf8)
    } catch {
      return "(no log: \(error))"
    }
  }

  /// Runs `body`, then stops the bus, whether `body` returns or throws; what it throws carries the
  /// hub's log (``hubLog``), read before the bus and the hub stop.
  package func stoppingWithHubLog(_ body: () async throws -> Void) async throws {
    do {
      try await body()
    } catch {
      let log = hubLog
      await stop()
      throw TestFailure("\(error)\nremotectld's log:\n\(log)")
    }
    await stop()
  }

  /// Runs remotectld on this bus with exactly `arguments` until it exits, for the tests of a
  /// hub that must refuse to run (a second hub, a bad setting) and say why.
  ///
  /// - Parameters:
  ///   - arguments: remotectld's options.
  ///   - executable: The remotectld to run; by default the one built beside the tests.
  package func runHub(_ arguments: [String], executable: String = BuiltProducts.remotectld) async throws
    -> ClientResult
  {
    try await run(executable, arguments)
  }
}
