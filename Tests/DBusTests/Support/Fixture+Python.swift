import BusTestSupport

extension Fixture {
  /// Runs a python3-dbus script after lines that set `bus` (the private bus) and `obj` (the test
  /// object, not introspected, so arguments need explicit D-Bus types).
  func pythonOnTestObject(_ body: String) async throws -> ClientResult {
    try await bus.python(
      """
      import sys, dbus
      bus = dbus.bus.BusConnection(sys.argv[1])
      obj = bus.get_object('org.example.Test', '/org/example/Test', introspect=False)

      """ + body)
  }
}
