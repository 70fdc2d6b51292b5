package import Glibc

/// Sets `attributes` so that a spawned child starts with no signal blocked and the default
/// handlers for the signals that stop processes, whatever the spawning thread had.
///
/// Swift concurrency threads block some signals, and `posix_spawn` passes the mask on: such a
/// child (and whatever it starts: a daemon, a tmux server and its pane) ignores SIGTERM and
/// SIGHUP and outlives the test.
/// - Returns: The `posix_spawnattr_setflags` flags these settings need; add your own to them.
package func resetSignals(in attributes: inout posix_spawnattr_t) -> Int16 {
  var empty = sigset_t()
  sigemptyset(&empty)
  posix_spawnattr_setsigmask(&attributes, &empty)
  var defaults = sigset_t()
  sigemptyset(&defaults)
  for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  return Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
}
