import DBus

extension Subscription {
  /// Removes the match from a stream's `onTermination` without waiting for the bus thread.
  ///
  /// `onTermination` runs while the Swift runtime holds the consuming task's status lock (when
  /// the task is cancelled); the bus thread, meanwhile, may be in the match handler yielding into
  /// that same stream, which needs the lock to resume the task. Waiting there for the bus thread
  /// (as ``cancel()`` does) would deadlock, so the removal is handed to a task of its own.
  func cancelFromTermination() {
    Task.detached { self.cancel() }
  }
}
