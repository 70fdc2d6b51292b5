internal import Glibc

/// A mutex and a condition variable on the monotonic clock: what Foundation's `NSCondition` did
/// here, without full Foundation.
///
/// `@unchecked Sendable`: the pthread objects are made for use from any thread; they live on the
/// heap, at fixed addresses, for the lock's life.
final class ConditionLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  /// The corresponding C functions are `pthread_mutex_init` and `pthread_cond_init` with
  /// `CLOCK_MONOTONIC`.
  init() {
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }

  func unlock() { pthread_mutex_unlock(mutex) }

  /// Wakes every waiter. The corresponding C function is `pthread_cond_broadcast`.
  func broadcast() { pthread_cond_broadcast(condition) }

  /// Waits, the lock held, until woken. The corresponding C function is `pthread_cond_wait`.
  func wait() { pthread_cond_wait(condition, mutex) }

  /// Waits, the lock held, until woken or the monotonic clock reads `deadline` nanoseconds;
  /// returns `false` when the deadline passed. The corresponding C function is
  /// `pthread_cond_timedwait`.
  func wait(untilMonotonicNanoseconds deadline: Int64) -> Bool {
    var until = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    return pthread_cond_timedwait(condition, mutex, &until) != ETIMEDOUT
  }
}
