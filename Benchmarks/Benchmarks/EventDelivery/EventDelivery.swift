import Benchmark
import RemoteControl

/// The in-process figures of BENCHMARKS.md: one event through
/// `Application.send(_:)` costs at most 50 ns (median) and no heap allocation, and is at least
/// 20× faster than the pattern of re-broadcasting each event as a notification through Foundation's
/// `NotificationCenter`. All of them run in this one executable, in one run, so that the ratio
/// is measured side by side on the same machine under the same load.
///
/// Each sample delivers 1,000 events (`scalingFactor: .kilo`) on the main actor; only that loop
/// is measured (see ``measureDelivery(of:to:expecting:_:)``), and the table shows the figures
/// per event.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    warmupIterations: 10,
    scalingFactor: .kilo,
    maxDuration: .seconds(3),
    maxIterations: 10_000
  )

  // The floor: the same main-actor loop with the same `blackHole`, delivering nothing.
  Benchmark("Baseline/emptyLoop") { benchmark in
    await measureEmptyLoop(MainActorBenchmark(benchmark))
  }

  // The floor of the API's shape: one call of a main-actor `async` function that returns an
  // outcome at once, from the main actor (what any `async` `send(_:)` costs at least).
  Benchmark("Baseline/asyncCall") { benchmark in
    await measureAsyncCall(MainActorBenchmark(benchmark))
  }

  // An enabled command with one synchronous target that returns `.success`, through
  // `sendEvent(_:)`.
  Benchmark("Delivery/commandCenter") { benchmark in
    await measureCommandCenter(MainActorBenchmark(benchmark), through: .sendEvent)
  }

  // The same, through the `async` `send(_:)`: what an `async` caller pays on top.
  Benchmark("Delivery/commandCenterAsync") { benchmark in
    await measureCommandCenter(MainActorBenchmark(benchmark), through: .send)
  }

  // No command targets: first responder → 2 more → a handling responder just below the
  // application.
  Benchmark("Delivery/responderChain4") { benchmark in
    await measureResponderChain(MainActorBenchmark(benchmark))
  }

  // The notification pattern: the application handles the event by posting a notification named for its
  // subtype; one observer block, registered for those names, switches on the name.
  Benchmark("Peer/NotificationCenter") { benchmark in
    await measureNotificationCenter(MainActorBenchmark(benchmark))
  }
}

@MainActor
private func measureCommandCenter(_ benchmark: MainActorBenchmark, through entry: DeliveryEntry) async {
  let fixture = CommandCenterFixture.shared
  await measureDelivery(
    of: fixture.event, to: fixture.application, expecting: .commandCenter(.success), through: entry,
    benchmark)
}

@MainActor
private func measureResponderChain(_ benchmark: MainActorBenchmark) async {
  let fixture = ResponderChainFixture.shared
  await measureDelivery(
    of: fixture.event, to: fixture.application, expecting: .responder(fixture.handler), benchmark)
}

@MainActor
private func measureNotificationCenter(_ benchmark: MainActorBenchmark) async {
  let fixture = NotificationCenterFixture.shared
  let before = fixture.player.handled
  await measureDelivery(
    of: fixture.event, to: fixture.application, expecting: .responder(fixture.application),
    benchmark)
  // Every event of the sample, and the one checked before it, reached the observer.
  if fixture.player.handled - before != benchmark.benchmark.scaledIterations.count + 1 {
    benchmark.benchmark.error("the NotificationCenter observer missed events")
  }
}
