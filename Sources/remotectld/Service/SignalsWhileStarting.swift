import ServiceLifecycle
import UnixSignals

/// SIGTERM and SIGINT heard from before the hub starts: the hub owns its name, and so can be
/// asked to stop, before its service group runs and traps the signals itself. A signal in that
/// window would otherwise end the process by the signal's default action, with the hub's names
/// and files left to the bus and the system to clean up.
///
/// As a service in the group, it ends as soon as a signal has come, whenever it came: its end
/// stops the group gracefully (`successTerminationBehavior: .gracefullyShutdownGroup`), as the
/// group's own signal handling would. It ends too, without a signal, when the group stops.
struct SignalsWhileStarting: Service {
  private let firstSignal: Task<Void, Never>

  /// Starts listening: from here on, SIGTERM and SIGINT no longer end the process.
  init() async {
    let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
    firstSignal = Task {
      for await _ in signals { return }
    }
  }

  func run() async {
    await cancelWhenGracefulShutdown {
      await withTaskCancellationHandler {
        await firstSignal.value
      } onCancel: {
        firstSignal.cancel()
      }
    }
  }
}
