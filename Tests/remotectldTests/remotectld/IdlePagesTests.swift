import HubSupport
import Testing

@testable import remotectld

/// What the idle hub hands back to the kernel: only the pages that are copies of files, never one
/// a write has made its own.
@Suite("The idle hub's pages handed back", .timeLimit(.minutes(1)))
struct IdlePagesTests {
  /// Six mappings as proc(5) shows them: the code and read-only data of an executable, a library's
  /// relocated data (read-only now, but its pages copied when the loader wrote them), a writable
  /// data mapping, the heap and the vDSO.
  static let smaps = """
    00400000-01600000 r-xp 00000000 fe:00 16532450                           /usr/bin/remotectld
    Size:              18432 kB
    Rss:               11000 kB
    Private_Clean:     11000 kB
    Private_Dirty:         0 kB
    Shared_Dirty:          0 kB
    Anonymous:             0 kB
    Swap:                  0 kB
    VmFlags: rd ex mr mw me
    01600000-019e5000 r--p 01200000 fe:00 16532450                           /usr/bin/remotectld
    Rss:                1848 kB
    Private_Dirty:         0 kB
    Shared_Dirty:          0 kB
    Anonymous:             0 kB
    VmFlags: rd mr mw me
    7f5f736b9000-7f5f736bd000 r--p 001cf000 fe:00 333151                     /usr/lib/x86_64-linux-gnu/libc.so.6
    Rss:                  16 kB
    Private_Dirty:        16 kB
    Shared_Dirty:          0 kB
    Anonymous:            16 kB
    VmFlags: rd mr mw me ac
    01abb000-01e02000 rw-p 016ba000 fe:00 16532450                           /usr/bin/remotectld
    Rss:                 172 kB
    Anonymous:           172 kB
    VmFlags: rd wr mr mw me ac
    01e02000-01ee7000 rw-p 00000000 00:00 0                                  [heap]
    Rss:                 408 kB
    Anonymous:           408 kB
    VmFlags: rd wr mr mw me ac
    7ffd5edd0000-7ffd5edd2000 r-xp 00000000 00:00 0                          [vdso]
    Rss:                   8 kB
    Anonymous:             0 kB
    VmFlags: rd ex mr mw me de sd

    """

  @Test func `only read-only file mappings with no copied page are handed back`() {
    #expect(
      CleanMapping.all(in: Array(Self.smaps.utf8)) == [
        CleanMapping(start: 0x40_0000, end: 0x160_0000, residentKiB: 11000),
        CleanMapping(start: 0x160_0000, end: 0x19e_5000, residentKiB: 1848),
      ])
  }

  @Test func `handing this process's clean pages back leaves it running with fewer of them resident`() throws
  {
    let before = try #require(FileBytes.read(atPath: "/proc/self/smaps", upTo: 16 << 20))
    let residentBefore = CleanMapping.all(in: before).reduce(0) { $0 + $1.residentKiB }
    let handedBack = IdlePages.handBack()
    #expect(handedBack.refused == 0)
    #expect(handedBack.mappings > 0)
    // The code that runs now was faulted back in from the page cache; the rest stays out.
    let after = try #require(FileBytes.read(atPath: "/proc/self/smaps", upTo: 16 << 20))
    #expect(CleanMapping.all(in: after).reduce(0) { $0 + $1.residentKiB } < residentBefore)
  }
}
