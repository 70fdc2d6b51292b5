import BusTestSupport

/// One core kept busy by a shell loop (`while :; do :; done`) while any test holds it, shared by
/// every case of the run: the load under which a race between a player's start and the hub's
/// reads shows, the same whatever number of cases run at once.
actor BusyCore {
  /// The run's one busy core.
  static let shared = BusyCore()

  private var holders = 0
  private var loop: ChildProcess?

  /// Runs `body` with the core busy; the loop stops once no one holds it.
  func whileBusy<Result: Sendable>(_ body: @Sendable () async throws -> Result) async throws -> Result {
    try start()
    do {
      let result = try await body()
      await release()
      return result
    } catch {
      await release()
      throw error
    }
  }

  private func start() throws {
    if loop == nil { loop = try ChildProcess("sh", ["-c", "while :; do :; done"]) }
    holders += 1
  }

  private func release() async {
    holders -= 1
    guard holders == 0, let loop else { return }
    self.loop = nil
    await loop.terminate()
  }
}
