import Foundation
import Glibc
import HubSupport
import Synchronization
import Testing

/// ``AtomicFile``: a file replaced so that a reader sees the old contents or the new, never a
/// part of either; private by default; a failure says which step failed and leaves nothing.
@Suite("AtomicFile: replacing a file's contents")
struct AtomicFileTests {
  @Test func `a new file holds the data, readable by its owner only, and no temporary file is left`() throws {
    let folder = try ScratchFolder()
    let path = folder.path + "/devices.json"
    try AtomicFile.write(Data("{\"a\":1}".utf8), toPath: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"a\":1}")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["devices.json"])
  }

  @Test func `without permissions the file gets the process's default, 0666 less the umask`() throws {
    let folder = try ScratchFolder()
    let path = folder.path + "/address"
    let mask = umask(0o022)
    umask(mask)
    try AtomicFile.write(Data("x".utf8), toPath: path, permissions: nil)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o666 & ~Int(mask))
  }

  @Test func `a reader never sees part of the old contents or part of the new while the file is replaced`()
    async throws
  {
    let folder = try ScratchFolder()
    let path = folder.path + "/state"
    let contents = [
      Data(repeating: UInt8(ascii: "a"), count: 200_000), Data(repeating: UInt8(ascii: "b"), count: 300_000),
    ]
    try AtomicFile.write(contents[0], toPath: path)
    let done = Atomic<Bool>(false)
    let torn = Mutex<[Int]>([])
    let reads = Atomic<Int>(0)
    // The reader reads on a thread of its own, as the writer writes on this one.
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
      DetachedThread.start(name: "atomic-reader") {
        while !done.load(ordering: .acquiring) {
          if let bytes = FileBytes.read(atPath: path, upTo: 1_000_000) {
            reads.add(1, ordering: .relaxed)
            if Data(bytes) != contents[0] && Data(bytes) != contents[1] {
              torn.withLock { $0.append(bytes.count) }
            }
          }
        }
        finished.resume()
      }
      do {
        for round in 0..<400 { try AtomicFile.write(contents[round % 2], toPath: path) }
      } catch {
        Issue.record("a write failed: \(error)")
      }
      done.store(true, ordering: .releasing)
    }
    #expect(torn.withLock { $0 }.isEmpty, "reads that were neither: sizes \(torn.withLock { $0.prefix(10) })")
    #expect(reads.load(ordering: .relaxed) > 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["state"])
  }

  @Test func `a folder that is not there is an error naming the file it could not write`() throws {
    let folder = try ScratchFolder()
    let path = folder.path + "/missing/token"
    #expect {
      try AtomicFile.write(Data("x".utf8), toPath: path)
    } throws: { error in
      (error as? AtomicFile.Failure)?.description == "cannot write \(folder.path)/missing/.token.\(getpid())"
    }
  }

  @Test func `a rename that fails leaves the old file as it was and no temporary file`() throws {
    let folder = try ScratchFolder()
    // A folder that is not empty cannot be replaced by a file.
    let path = folder.path + "/taken"
    try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
    #expect {
      try AtomicFile.write(Data("x".utf8), toPath: path)
    } throws: { error in
      (error as? AtomicFile.Failure)?.description == "cannot replace \(path): Is a directory"
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["inside"])
  }
}
