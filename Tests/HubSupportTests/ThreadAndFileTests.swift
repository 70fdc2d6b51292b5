import Foundation
import Glibc
import HubSupport
import Testing

/// ``DetachedThread`` (work that blocks, off Swift's cooperative threads), ``FileBytes`` (reading
/// without Foundation's FileHandle), ``ProcessFiles`` (what /proc says of a process) and
/// ``BaseDirectory`` (the XDG folders), each against the real thing.
@Suite("DetachedThread, FileBytes, ProcessFiles, BaseDirectory")
struct ThreadAndFileTests {
  @Test func `a detached thread runs its body on a thread of its own, named as asked and cut to 15 bytes`()
    async
  {
    let caller = Self.threadID()
    let (thread, name) = await withCheckedContinuation {
      (seen: CheckedContinuation<(pid_t, String), Never>) in
      DetachedThread.start(name: "remotectld-render-loop") {
        let comm = FileBytes.read(atPath: "/proc/thread-self/comm", upTo: 64) ?? []
        seen.resume(returning: (Self.threadID(), String(decoding: comm, as: UTF8.self)))
      }
    }
    #expect(thread != caller)
    #expect(thread != getpid())
    #expect(name == "remotectld-rend\n")
  }

  @Test
  func
    `FileBytes reads a file whole or up to its limit, a /proc file that says size 0 too, and nil when it cannot`()
    throws
  {
    let folder = try ScratchFolder()
    let path = folder.path + "/bytes"
    let data = Data((0..<200_000).map { UInt8($0 % 251) })
    try data.write(to: URL(fileURLWithPath: path))
    #expect(FileBytes.read(atPath: path, upTo: 1_000_000).map { Data($0) } == data)
    #expect(FileBytes.read(atPath: path, upTo: 70_000).map { Data($0) } == data.prefix(70_000))
    let status = try #require(FileBytes.read(atPath: "/proc/self/status", upTo: 100_000))
    #expect(String(decoding: status, as: UTF8.self).contains("\nPid:\t\(getpid())\n"))
    #expect(FileBytes.read(atPath: folder.path + "/none", upTo: 10) == nil)
    #expect(FileBytes.read(atPath: folder.path, upTo: 10) == nil, "a folder cannot be read")
  }

  @Test
  func `ProcessFiles says a real child's parent, executable and namespace ids, and nothing once it is gone`()
    throws
  {
    let pid = try Spawn.start("/bin/sleep", arguments: ["sleep", "30"])
    let files = ProcessFiles()
    let status = try #require(files.status(of: pid))
    #expect(status.parent == getpid())
    #expect(status.namespaceIDs.first == pid, "\(status.namespaceIDs)")
    #expect(files.binary(of: pid) == "sleep")
    #expect(try files.processes().contains(pid))
    kill(pid, SIGKILL)
    _ = SpawnedChild.wait(pid)
    #expect(files.status(of: pid) == nil)
    #expect(files.binary(of: pid) == nil)
    #expect(throws: ProcessFiles.ListingError.self) {
      try ProcessFiles(root: "/nonexistent/proc").processes()
    }
  }

  @Test func `the XDG folders: the variable when absolute, else under HOME; no runtime folder unless named`()
  {
    let home = ["HOME": "/home/someone"]
    #expect(BaseDirectory.config.path(in: home) == "/home/someone/.config")
    #expect(BaseDirectory.state.path(in: home) == "/home/someone/.local/state")
    #expect(BaseDirectory.data.path(in: home.merging(["XDG_DATA_HOME": "/data"]) { $1 }) == "/data")
    // The specification: a relative path is invalid and ignored.
    #expect(
      BaseDirectory.config.path(in: home.merging(["XDG_CONFIG_HOME": "relative"]) { $1 })
        == "/home/someone/.config")
    #expect(BaseDirectory.runtime(in: home) == nil)
    #expect(BaseDirectory.runtime(in: ["XDG_RUNTIME_DIR": "run/user"]) == nil)
    #expect(BaseDirectory.runtime(in: ["XDG_RUNTIME_DIR": "/run/user/1000"]) == "/run/user/1000")
  }

  @Test func `constant-time comparison says equal only for equal strings, of any length`() {
    #expect(ConstantTime.equal("token-123", "token-123"))
    #expect(!ConstantTime.equal("token-123", "token-124"))
    #expect(!ConstantTime.equal("token-123", "token-12"))
    #expect(!ConstantTime.equal("", "a"))
    #expect(ConstantTime.equal("", ""))
  }

  /// The calling thread's id, as `/proc/thread-self` names it (`PID/task/TID`; Swift's Glibc
  /// has no `gettid`).
  static func threadID() -> pid_t {
    var target = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &target, 63)
    let path = String(decoding: target.prefix(max(0, count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return path.split(separator: "/").last.flatMap { pid_t($0) } ?? -1
  }
}
