/// What undoes the hub's start, step by step: each step added once the thing it undoes is done,
/// and run last first, as `defer`s would, but when the hub stops rather than when a scope ends.
struct Teardown: Sendable {
  private var steps: [@Sendable () async -> Void] = []

  /// Adds `step`, to run before every step added earlier.
  mutating func add(_ step: @escaping @Sendable () async -> Void) {
    steps.append(step)
  }

  /// Runs the steps, last added first.
  func run() async {
    for step in steps.reversed() { await step() }
  }
}
