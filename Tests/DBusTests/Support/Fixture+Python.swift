import BusTestSupport
import Foundation

/// `busctl --address=… -- ARGS` (after `--`, negative numbers are arguments, not options).
func busctl(_ bus: PrivateBus, _ arguments: String...) async throws -> ClientResult {
  try await bus.run("/usr/bin/busctl", ["--address=\(bus.address)", "--"] + arguments)
}

/// `gdbus ARGS --address …` (the address goes after the subcommand).
func gdbus(_ bus: PrivateBus, _ command: String, _ arguments: String...) async throws -> ClientResult {
  try await bus.run("/usr/bin/gdbus", [command, "--address", bus.address] + arguments)
}

/// Runs a python3-dbus script with the bus address as its first argument (Debian's python3,
/// which has the `dbus` module).
func python(_ bus: PrivateBus, _ script: String) async throws -> ClientResult {
  try await bus.run("/usr/bin/python3", ["-c", script, bus.address])
}

/// Runs a python3-dbus script after lines that set `bus` (the private bus) and `obj` (the test
/// object, not introspected, so arguments need explicit D-Bus types).
func pythonOnTestObject(_ bus: PrivateBus, _ body: String) async throws -> ClientResult {
  try await python(
    bus,
    """
    import sys, dbus
    bus = dbus.bus.BusConnection(sys.argv[1])
    obj = bus.get_object('org.example.Test', '/org/example/Test', introspect=False)

    """ + body)
}

/// Polls `condition` until it holds or `timeout` passes; returns whether it held.
func eventually(
  within timeout: Duration = .seconds(5), _ condition: @Sendable () async -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if await condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return await condition()
}
