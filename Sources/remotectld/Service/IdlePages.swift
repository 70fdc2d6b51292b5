import BlockingIOPool
import Glibc
import Logging
import PlayerView
import ServiceLifecycle
import Synchronization

/// Hands the pages of code and read-only data that the hub is not running back to the kernel
/// once it is idle: after start-up, and again after each burst of activity, once no player has
/// changed for ``quietPeriod``.
///
/// Starting runs much of the executable (the bus, the view, every part's set-up) and of its
/// libraries, and each page it ran stays mapped, and counted as resident, until memory runs short,
/// though the idle hub runs almost none of it. Those pages are clean copies of files (the
/// executable, libc, libsystemd, libpulse…): `madvise(MADV_DONTNEED)` unmaps them from the hub
/// and leaves them in the page cache, so that the code the next press runs is mapped again by a
/// minor fault, without reading the disk. Only mappings that no write has copied are handed back
/// (read-only, file-backed, no anonymous page in `/proc/self/smaps`): dropping a copied page would
/// lose the write. The hub's own memory (its heap, its threads' stacks) is never touched.
///
/// It waits on the view's changes, so that an idle hub is not woken by it: one trim a burst.
struct IdlePages: Service {
  /// How long no player must change before the pages are handed back.
  static let quietPeriod: Duration = .seconds(5)

  let view: PlayerView
  let logger: Logger

  func run() async {
    let changes = Changes()
    let (wakes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    let token = view.observe { _ in
      changes.happened()
      continuation.yield()
    }
    defer {
      view.removeObserver(token)
      continuation.finish()
    }
    await cancelWhenGracefulShutdown {
      var wakes = wakes.makeAsyncIterator()
      var seen = changes.count.load(ordering: .relaxed)
      while true {
        // A quiet period after the last change; a change meanwhile moves the end.
        while true {
          do {
            try await Task.sleep(until: changes.last + Self.quietPeriod, clock: .continuous)
          } catch { return }
          let now = changes.count.load(ordering: .relaxed)
          if now == seen { break }
          seen = now
        }
        // Handed over rather than awaited: this task is asleep again by the time the pages go,
        // and no code runs after them but the blocking-I/O thread's return to its wait.
        let logger = logger
        BlockingIO.submit {
          let handedBack = Self.handBack()
          logger.debug(
            "handed the pages start-up or the last changes ran back to the kernel",
            metadata: [
              "KiB": "\(handedBack.kibibytes)", "mappings": "\(handedBack.mappings)",
              "refused": "\(handedBack.refused)",
            ])
        }
        // Asleep until the next change (one buffered before the trim was already counted).
        repeat {
          guard await wakes.next() != nil else { return }
        } while changes.count.load(ordering: .relaxed) == seen
        seen = changes.count.load(ordering: .relaxed)
      }
    }
  }

  /// How many changes the view has had, and when the last came (the service's start before the
  /// first); written on the bus thread, read by the service's task.
  private final class Changes: Sendable {
    let count = Atomic<Int>(0)
    private let start = ContinuousClock.now
    private let lastAfterStart = Atomic<Int64>(0)

    /// When the last change came.
    var last: ContinuousClock.Instant {
      start + .nanoseconds(lastAfterStart.load(ordering: .relaxed))
    }

    /// Counts a change, now.
    func happened() {
      let elapsed = (ContinuousClock.now - start).components
      lastAfterStart.store(
        elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000, ordering: .relaxed)
      count.add(1, ordering: .relaxed)
    }
  }

  /// What one trim handed back.
  struct HandedBack: Sendable {
    /// Resident KiB of the mappings handed back, before.
    var kibibytes = 0
    /// How many mappings.
    var mappings = 0
    /// How many the kernel refused (`madvise` failed), left as they were.
    var refused = 0
  }

  /// Unmaps every clean, read-only, file-backed mapping of the process (its pages stay in the page
  /// cache), as `/proc/self/smaps` lists them; blocking (it reads `/proc`). It allocates little (a
  /// buffer and the list), so that handing pages back does not leave the heap any bigger.
  ///
  /// The corresponding C function is `madvise` with `MADV_DONTNEED`.
  static func handBack() -> HandedBack {
    var handedBack = HandedBack()
    guard let mappings = CleanMapping.all(atPath: "/proc/self/smaps") else { return handedBack }
    for mapping in mappings {
      let start = UnsafeMutableRawPointer(bitPattern: mapping.start)
      if madvise(start, Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 {
        handedBack.kibibytes += mapping.residentKiB
        handedBack.mappings += 1
      } else {
        handedBack.refused += 1
      }
    }
    return handedBack
  }
}

/// One mapping of `/proc/self/smaps` whose pages are all the file's: file-backed, read-only, with
/// no anonymous (copied), dirty or swapped page.
struct CleanMapping: Equatable {
  var start: UInt
  var end: UInt
  var residentKiB: Int

  /// The clean mappings of the smaps file at `path`, read in pieces; `nil` when it cannot be read.
  static func all(atPath path: String) -> [CleanMapping]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var scanner = Scanner()
    var buffer = [UInt8](repeating: 0, count: 16_384)
    var line: [UInt8] = []
    line.reserveCapacity(512)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { break }
      for byte in buffer[..<count] {
        if byte == UInt8(ascii: "\n") {
          scanner.take(line)
          line.removeAll(keepingCapacity: true)
        } else {
          line.append(byte)
        }
      }
    }
    scanner.take(line)
    return scanner.finish()
  }

  /// The clean mappings in `smaps`, the text of `/proc/PID/smaps`.
  static func all(in smaps: [UInt8]) -> [CleanMapping] {
    var scanner = Scanner()
    for line in smaps.split(separator: UInt8(ascii: "\n")) { scanner.take(line) }
    return scanner.finish()
  }

  /// The text of `/proc/PID/smaps` (proc(5)) taken line by line: a header line per mapping
  /// (`start-end perms offset dev inode path`), then its `Name: value kB` lines.
  struct Scanner {
    private var clean: [CleanMapping] = []
    /// The mapping whose lines are being read, while it may still be clean.
    private var current: CleanMapping?

    private static let resident = Array("Rss:".utf8)
    /// The counts that make a mapping not clean when they are not 0.
    private static let notClean = ["Anonymous:", "Private_Dirty:", "Shared_Dirty:", "Swap:"].map {
      Array($0.utf8)
    }

    mutating func take(_ line: some BidirectionalCollection<UInt8>) {
      let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 6, omittingEmptySubsequences: true)
      guard let first = fields.first else { return }
      if first.last == UInt8(ascii: ":") {
        guard current != nil, fields.count > 1, let value = Self.number(fields[1], radix: 10) else { return }
        if first.elementsEqual(Self.resident) {
          current?.residentKiB = Int(value)
        } else if value != 0, Self.notClean.contains(where: { first.elementsEqual($0) }) {
          current = nil
        }
        return
      }
      if let current { clean.append(current) }
      current = nil
      // start-end perms offset dev inode [path]
      guard fields.count >= 6, let dash = first.firstIndex(of: UInt8(ascii: "-")),
        let start = Self.number(first[..<dash], radix: 16),
        let end = Self.number(first[first.index(after: dash)...], radix: 16)
      else { return }
      let permissions = Array(fields[1].prefix(2))
      let isReadOnly = permissions == [UInt8(ascii: "r"), UInt8(ascii: "-")]
      let isFile = !fields[4].elementsEqual([UInt8(ascii: "0")]) && fields[5].first == UInt8(ascii: "/")
      if isReadOnly && isFile { current = CleanMapping(start: start, end: end, residentKiB: 0) }
    }

    /// The clean mappings taken.
    mutating func finish() -> [CleanMapping] {
      if let current { clean.append(current) }
      current = nil
      return clean
    }

    /// The number `digits` spell in `radix`, without allocating; `nil` when they are not one.
    private static func number(_ digits: some Collection<UInt8>, radix: UInt) -> UInt? {
      guard !digits.isEmpty else { return nil }
      var value: UInt = 0
      for digit in digits {
        let place: UInt
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): place = UInt(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): place = UInt(digit - UInt8(ascii: "a")) + 10
        default: return nil
        }
        guard place < radix else { return nil }
        let (product, overflow) = value.multipliedReportingOverflow(by: radix)
        guard !overflow else { return nil }
        value = product + place
      }
      return value
    }
  }
}
