package import Glibc

/// The `posix_spawn` attributes of a child that starts as a program started from a shell would:
/// no signal blocked, and the default action for the signals a Swift program blocks or ignores.
///
/// Not what a child inherits: a thread of Swift concurrency blocks signals, and ServiceLifecycle
/// ignores the signals it catches itself, so a child started with neither reset would shrug off
/// our SIGTERM.
package enum SpawnAttributes {
  /// The signals set back to their default action: those ServiceLifecycle and the runtime catch
  /// or ignore.
  static let defaultSignals = [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD]

  /// Runs `body` with attributes that empty the signal mask and give ``defaultSignals`` their
  /// default action, with `flags` (such as `POSIX_SPAWN_SETPGROUP`) set as well; `body` sets
  /// what those flags need and calls `posix_spawn`.
  ///
  /// The corresponding C functions are `posix_spawnattr_setsigmask`,
  /// `posix_spawnattr_setsigdefault` and `posix_spawnattr_setflags`.
  package static func withSignalsReset<Result, Failure: Error>(
    flags: Int32, _ body: (inout posix_spawnattr_t) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in defaultSignals { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    return try body(&attributes)
  }
}
