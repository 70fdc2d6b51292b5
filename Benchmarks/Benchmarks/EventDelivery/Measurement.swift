import Benchmark
import Foundation
import RemoteControl

/// The runner's `Benchmark`, handed to the main actor for one sample.
///
/// `@unchecked Sendable` because `Benchmark` is a class that is not `Sendable`; it is safe: the
/// runner does not touch the benchmark while the closure runs (it waits for the closure to end),
/// so the main actor is its only user meanwhile.
struct MainActorBenchmark: @unchecked Sendable {
  let benchmark: Benchmark

  init(_ benchmark: Benchmark) { self.benchmark = benchmark }
}

/// How a benchmark hands events to the application.
enum DeliveryEntry {
  /// `Application.sendEvent(_:)`: synchronous, as UIKit's `sendEvent(_:)`.
  case sendEvent
  /// `await Application.send(_:)`: the `async` entry that also awaits suspending targets.
  case send
}

/// Delivers `event` to `application` once per scaled iteration, on the main actor, and measures
/// only that loop.
///
/// The benchmark runner calls its closure off the main actor; the closure's `await` hops here
/// once per sample, before `startMeasurement()`, so the figures are per event and not per hop.
/// `Application.send(_:)` is `async`, but with synchronous targets and responders it never
/// suspends: the loop runs on the main actor from start to end, which this function checks
/// (a main-actor job enqueued before the loop must not have run when the loop ends).
@MainActor
func measureDelivery(
  of event: RemoteControlEvent,
  to application: Application,
  expecting expected: RemoteControlEventOutcome,
  through entry: DeliveryEntry = .sendEvent,
  _ running: MainActorBenchmark
) async {
  let benchmark = running.benchmark
  guard checkMainThread(benchmark) else { return }
  // Outside the measurement: the fixture does what the benchmark says it does.
  let outcome = await application.send(event)
  guard outcome == expected else {
    benchmark.error("expected the outcome \(expected), got \(outcome)")
    return
  }
  let probe = SuspensionProbe()

  switch entry {
  case .sendEvent:
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(application.sendEvent(event))
    }
    benchmark.stopMeasurement()
  case .send:
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      blackHole(await application.send(event))
    }
    benchmark.stopMeasurement()
  }

  if probe.mainActorRan {
    benchmark.error("the main actor was given up during the measured loop")
  }
}

/// The same loop with nothing delivered: what the measurement itself costs.
@MainActor
func measureEmptyLoop(_ running: MainActorBenchmark) async {
  let benchmark = running.benchmark
  guard checkMainThread(benchmark) else { return }
  let outcome = RemoteControlEventOutcome.unhandled
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    blackHole(outcome)
  }
  benchmark.stopMeasurement()
}

/// The same loop around the cheapest `async` main-actor call there is: ``returnAtOnce(_:)``.
@MainActor
func measureAsyncCall(_ running: MainActorBenchmark) async {
  let benchmark = running.benchmark
  guard checkMainThread(benchmark) else { return }
  let event = RemoteControlEvent(.play, source: .test)
  let probe = SuspensionProbe()
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    blackHole(await returnAtOnce(event))
  }
  benchmark.stopMeasurement()
  if probe.mainActorRan {
    benchmark.error("the main actor was given up during the measured loop")
  }
}

/// A main-actor `async` function with `send(_:)`'s signature that does nothing; never inlined,
/// so that each call pays for an `async` frame and the executor check on entry.
@MainActor
@inline(never)
func returnAtOnce(_ event: RemoteControlEvent) async -> RemoteControlEventOutcome {
  .unhandled
}

/// Checks, in release builds too, that this code runs on the main actor, and that the main
/// actor's executor is the main dispatch queue.
///
/// On Linux the async `main` ends in `dispatchMain()`, which lets the process's first thread
/// exit; the main queue (the main actor) is then served by another thread, so `Thread.isMainThread`
/// is `false` here although the code is on the main actor.
@MainActor
private func checkMainThread(_ benchmark: Benchmark) -> Bool {
  MainActor.preconditionIsolated("the benchmark loop must run on the main actor")
  dispatchPrecondition(condition: .onQueue(.main))
  return true
}

/// Tells whether the main actor ran anything else since the probe was made: a main-actor task
/// enqueued at creation can only have run if the current main-actor code suspended.
@MainActor
private final class SuspensionProbe {
  private(set) var mainActorRan = false

  init() {
    Task { @MainActor [weak self] in self?.mainActorRan = true }
  }
}
