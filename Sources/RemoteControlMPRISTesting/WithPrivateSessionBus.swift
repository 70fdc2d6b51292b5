/// Starts a ``PrivateSessionBus``, runs `body` with it, and stops it (with the players run on
/// it) when `body` returns or throws.
///
/// ```swift
/// try await withPrivateSessionBus { bus in
///   let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
///   try await player.client.playPause()
/// }
/// ```
///
/// - Parameters:
///   - isolation: The actor `body` runs on: the caller's (the main actor, in a `@MainActor` test).
///   - body: What to do with the bus.
/// - Returns: What `body` returns.
/// - Throws: ``PrivateSessionBusError`` when the bus does not start; what `body` throws.
public func withPrivateSessionBus<Value>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: (PrivateSessionBus) async throws -> Value
) async throws -> Value {
  let bus = try await PrivateSessionBus.start()
  do {
    let value = try await body(bus)
    await bus.stop()
    return value
  } catch {
    await bus.stop()
    throw error
  }
}
