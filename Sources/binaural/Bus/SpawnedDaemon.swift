import Glibc
import HubSupport

/// A process binaural started (with ``Spawn``, looked up in `PATH`) whose life is tied to
/// binaural's: its standard input is a channel only binaural holds the other end of (the
/// *lifeline*), and it is expected to end once that pipe reaches end of file.
///
/// The kernel closes binaural's end of the lifeline however binaural ends — `q`, SIGINT,
/// SIGTERM, SIGHUP, SIGKILL, a crash — so the child sees end of file in every case, including
/// those no signal handler can catch. That is why the tie is a channel and not
/// `PR_SET_PDEATHSIG`: the death signal fires when the *thread* that spawned the child ends,
/// and binaural spawns from a thread of Swift's cooperative pool, which may end while binaural
/// runs on; nor can `posix_spawn` set it in the child. binaural's end is close-on-exec from the
/// start (see ``channel()``), so no other program it starts (a crash reporter, say) holds it
/// open.
///
/// Not Foundation's `Process`: ``Spawn`` starts the child with no signal blocked and default
/// handlers, so that it stops on our SIGTERM. It leads a process group of its own, so that
/// signals meant for binaural (Ctrl-C, a closed terminal's SIGHUP) are binaural's to handle: it stops the child only when it no longer needs it.
struct SpawnedDaemon: Sendable {
  /// The process id.
  let pid: pid_t
  /// binaural's end of the lifeline.
  private let lifeline: Int32

  /// Why a daemon could not be started.
  struct Failure: Error, CustomStringConvertible {
    /// What failed, in words a user can act on.
    var description: String
  }

  /// Starts `program` (looked up in PATH) with `arguments`; its standard input is the lifeline,
  /// its standard output and error /dev/null, and descriptor 3 is `descriptor3` when given.
  static func spawn(_ program: String, _ arguments: [String], descriptor3: Int32? = nil) throws(Failure)
    -> SpawnedDaemon
  {
    let ends = try channel()
    var actions: [Spawn.Action] = [
      .duplicate(ends.read, as: 0),
      .open(1, path: "/dev/null", flags: O_WRONLY),
      .open(2, path: "/dev/null", flags: O_WRONLY),
    ]
    if let descriptor3 { actions.append(.duplicate(descriptor3, as: 3)) }
    let pid: pid_t
    do {
      pid = try Spawn.start(
        program, arguments: [program] + arguments, searchingPath: true, actions: actions,
        leader: .processGroup)
    } catch {
      close(ends.read)
      close(ends.write)
      throw Failure(description: error.description)
    }
    close(ends.read)
    return SpawnedDaemon(pid: pid, lifeline: ends.write)
  }

  /// A connected pair of descriptors, each close-on-exec from its creation: what one end writes
  /// the other reads, and closing one is end of file at the other. A socket pair, because
  /// `pipe2` (a pipe close-on-exec at once, not one `fcntl` later while another thread may
  /// spawn) is not visible from Swift's Glibc module.
  static func channel() throws(Failure) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0
    else {
      throw Failure(
        description: "cannot start a private bus: no socket pair (\(String(cString: strerror(errno))))")
    }
    return (ends[0], ends[1])
  }

  /// Closes the lifeline and waits, suspended, for the process to end; if it has not within
  /// `grace`, kills its process group (SIGKILL) and waits for that.
  func stop(grace: Duration = .seconds(2)) async {
    close(lifeline)
    let deadline = ContinuousClock.now + grace
    while !reap(), ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    guard !reap() else { return }
    kill(-pid, SIGKILL)
    while !reap() {
      try? await Task.sleep(for: .milliseconds(5))
    }
  }

  /// Reaps the process if it has ended; whether it has (or is no longer ours to wait for).
  private func reap() -> Bool {
    var status: Int32 = 0
    let reaped = waitpid(pid, &status, WNOHANG)
    return reaped == pid || (reaped < 0 && errno != EINTR)
  }
}
