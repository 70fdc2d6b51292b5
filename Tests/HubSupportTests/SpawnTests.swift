import Foundation
import Glibc
import HubSupport
import Testing

/// ``Spawn``, the one way our programs start another: the child gets the signal state of a
/// program started from a shell, its descriptors as asked, its own group or session as asked,
/// and a program that cannot start is a clear error.
@Suite("Spawn: starting a program")
struct SpawnTests {
  /// The signal numbers set in one of `/proc/PID/status`'s hexadecimal masks.
  static func signals(in line: Substring) -> Set<Int32> {
    guard let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16) else { return [] }
    return Set((1...64).filter { mask & (1 << UInt64($0 - 1)) != 0 }.map { Int32($0) })
  }

  @Test
  func
    `a child started from a thread that blocks signals blocks none, and ignores none of the signals we catch`()
    throws
  {
    let folder = try ScratchFolder()
    // The concurrency threads block signals: this thread blocks SIGTERM and SIGUSR1 while it
    // starts the child (the mask is the thread's own, so no other test sees it).
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGTERM)
    sigaddset(&blocked, SIGUSR1)
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    let status = Result {
      try SpawnedChild.output("/bin/grep", ["-E", "^Sig(Blk|Ign):", "/proc/self/status"], in: folder.path)
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    let lines = try status.get().split(separator: "\n")
    let blockedInChild = try #require(lines.first { $0.hasPrefix("SigBlk:") })
    let ignoredInChild = try #require(lines.first { $0.hasPrefix("SigIgn:") })
    #expect(Self.signals(in: blockedInChild).isEmpty, "\(blockedInChild)")
    #expect(
      Self.signals(in: ignoredInChild).isDisjoint(with: [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD]),
      "\(ignoredInChild)")
  }

  @Test
  func `the child gets the arguments and the environment given, and a name is looked up in PATH when asked`()
    throws
  {
    let folder = try ScratchFolder()
    let printed = try SpawnedChild.output(
      "sh", ["-c", "echo \"$0|$1|$ONLY|${HOME-unset}\"", "one two", "three"], environment: ["ONLY=this"],
      searchingPath: true, in: folder.path)
    // Only the environment given: not this process's HOME.
    #expect(printed == "one two|three|this|unset\n")
  }

  @Test func `a program that is not there is an error that names it and says why`() throws {
    #expect {
      _ = try Spawn.start("/nonexistent/program", arguments: ["program"])
    } throws: { error in
      let failure = error as? Spawn.Failure
      return failure?.code == ENOENT
        && failure?.description == "cannot start /nonexistent/program: No such file or directory"
    }
    #expect(throws: Spawn.Failure.self) {
      _ = try Spawn.start("no-such-program-here", arguments: ["no-such-program-here"], searchingPath: true)
    }
  }

  @Test(arguments: [Spawn.Leader.none, .processGroup, .session])
  func `a child leads its own process group or session only when asked`(_ leader: Spawn.Leader) throws {
    let pid = try Spawn.start("/bin/sleep", arguments: ["sleep", "30"], leader: leader)
    defer {
      kill(pid, SIGKILL)
      _ = SpawnedChild.wait(pid)
    }
    switch leader {
    case .none:
      #expect(getpgid(pid) == getpgrp())
      #expect(getsid(pid) == getsid(0))
    case .processGroup:
      #expect(getpgid(pid) == pid)
      #expect(getsid(pid) == getsid(0))
    case .session:
      #expect(getpgid(pid) == pid)
      #expect(getsid(pid) == pid)
    }
  }

  @Test func `the descriptors are set up in order: a copy of one of ours, then ours closed in the child`()
    throws
  {
    let folder = try ScratchFolder()
    let path = folder.path + "/written"
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    // The child's standard output is a copy of our descriptor; its standard error is closed, so
    // a write there fails and sh says nothing anywhere.
    let pid = try Spawn.start(
      "/bin/sh", arguments: ["sh", "-c", "echo out; echo err >&2; echo after"],
      actions: [.duplicate(descriptor, as: 1), .close(2)])
    let status = SpawnedChild.wait(pid)
    #expect(status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "out\nafter\n")
  }
}
