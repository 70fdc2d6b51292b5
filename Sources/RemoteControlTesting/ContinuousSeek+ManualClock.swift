public import RemoteControl

extension ContinuousSeek {
  /// Returns once the seek's timer has done all it can until the clock moves on: it sleeps on
  /// `clock` until its next tick, or the seek is over (`ContinuousSeek.direction`
  /// is `nil`).
  ///
  /// The timer runs in a task of its own, which may not have reached its sleep when the event
  /// that began the seek returns, nor after an advance of the clock woke it. Wait for it before
  /// each advance, so that the advance wakes it, and after, so that the skip it sent has been
  /// delivered. Other tasks asleep on `clock` count too: give the seek a clock of its own.
  /// - Throws: ``ManualClockError/Code/timedOut`` when neither happens within `timeout` (on the
  ///   real clock): the seek was made with another clock, say.
  @MainActor
  public func waitForTimer(on clock: ManualClock, timeout: Duration = .seconds(10))
    async throws(ManualClockError)
  {
    guard direction != nil else { return }
    let stops = stopNotifications
    // Stopped between the check and the subscription: nothing will be sent on `stops`.
    guard direction != nil else { return }
    let settled = await withTaskGroup(of: Bool.self) { group in
      group.addTask { (try? await clock.waitForSleepers(1, timeout: timeout)) != nil }
      group.addTask {
        for await _ in stops { return true }
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    guard settled else {
      throw ManualClockError(
        .timedOut,
        "the seek's timer neither slept on the clock nor ended within \(timeout): was the seek made with this clock?"
      )
    }
  }
}

extension ManualClock {
  /// Moves time on by `duration` while `seek` runs, one interval of the seek at a time, waiting
  /// for its timer before and after each step (``RemoteControl/ContinuousSeek/waitForTimer(on:timeout:)``):
  /// each tick is acted on exactly once, however busy the machine is.
  ///
  /// When the seek ends on the way (a timeout, a pause), time still moves on by all of `duration`.
  /// - Throws: ``ManualClockError/Code/timedOut`` when the timer does not settle in time.
  @MainActor
  public func advance(by duration: Duration, waitingFor seek: ContinuousSeek) async throws(ManualClockError) {
    var remaining = duration
    while remaining > .zero {
      let step = min(remaining, seek.configuration.interval)
      try await seek.waitForTimer(on: self)
      await advance(by: step)
      try await seek.waitForTimer(on: self)
      remaining -= step
    }
  }
}
