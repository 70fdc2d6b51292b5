import Foundation

/// The one way the tests launch the Now Playing hub.
extension PrivateBus {
  /// The hub's well-known bus name.
  package static let hubBusName = "io.github.swift_remote_control.Hub"

  /// Starts remotectld on this bus with `--log-level debug` and `arguments`; it is stopped with
  /// the bus.
  ///
  /// - Parameters:
  ///   - arguments: remotectld's options after `--log-level debug`.
  ///   - environment: Variables set on top of the bus's own (its state, config and runtime
  ///     folders). `XDG_STATE_HOME` is the bus's folder's `state` unless given, so that no hub
  ///     under test remembers a Now Playing app for another.
  ///   - log: Where its standard error goes; by default `remotectld.log` in the bus's folder.
  ///   - executable: The remotectld to run; by default the one built beside the tests.
  ///   - waitingForName: Whether to return only once it owns the hub's name; `false` for tests
  ///     that wait for something else (the bridge's endpoint file) or for it to fail.
  ///   - launcher: A command that runs it, such as `ip netns exec NAME` (none by default).
  @discardableResult
  package func startHub(
    _ arguments: [String] = [], environment: [String: String] = [:], log: String? = nil,
    executable: String = BuiltProducts.remotectld, waitingForName: Bool = true, launcher: [String] = []
  ) async throws -> ChildProcess {
    let environment = environment.merging(
      ["XDG_STATE_HOME": directory.appendingPathComponent("state").path]) { given, _ in given }
    let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let command = launcher + ["/usr/bin/env"] + variables + [executable, "--log-level", "debug"] + arguments
    let hub = try start(
      command[0], Array(command.dropFirst()),
      standardError: .file(log ?? directory.appendingPathComponent("remotectld.log").path))
    if waitingForName { try await waitForName(Self.hubBusName) }
    return hub
  }
}
