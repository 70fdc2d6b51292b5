import BusTestSupport

/// The signals one bus name sends, printed as `gdbus monitor --dest NAME` prints them (by
/// BusTestSupport's ``NameMonitor``): a test waits for the very announcement it is about to rely
/// on.
struct SignalMonitor: Sendable {
  let process: ChildProcess

  /// Starts monitoring `sender` on `bus`.
  init(on bus: PrivateBus, sender: String) throws {
    process = try bus.start(
      NameMonitor.executable, NameMonitor.arguments(address: bus.address, sender: sender))
  }

  /// Returns once the monitor has printed the sender's owner: its match rule was installed
  /// before that (the AddMatch call was answered), so no later signal is missed.
  func ready() async throws {
    _ = try await process.line(within: .seconds(10), where: NameMonitor.isReady)
  }

  /// Waits for a signal line containing `text`; returns that line.
  @discardableResult
  func wait(for text: String, within timeout: Duration = .seconds(10)) async throws -> String {
    do {
      return try await process.line(within: timeout) { $0.contains(text) }
    } catch {
      throw TestFailure("no signal with \(text) within \(timeout); seen: \(process.standardOutput)")
    }
  }

  /// Stops the monitor.
  func stop() async {
    await process.terminate()
  }
}
