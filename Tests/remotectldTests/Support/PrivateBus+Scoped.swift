import BusTestSupport

extension PrivateBus {
  /// Runs `body` on a new private bus and stops the bus after it, whether `body` returns or throws.
  static func with<Value>(_ body: (PrivateBus) async throws -> Value) async throws -> Value {
    let bus = try await PrivateBus.start()
    let result: Value
    do {
      result = try await body(bus)
    } catch {
      await bus.stop()
      throw error
    }
    await bus.stop()
    return result
  }
}
