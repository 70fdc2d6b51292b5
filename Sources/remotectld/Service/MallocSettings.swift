import Glibc

/// glibc's malloc set for a long-running hub that is idle most of its life: one arena for every
/// thread (`glibc.malloc.arena_max=1`; glibc's default is one per thread that allocates, up to
/// eight per core), and no per-thread cache of freed blocks (`glibc.malloc.tcache_count=0`), so
/// that the freed memory of a burst is kept once, in one place, rather than in each thread's
/// cache and arena. Together they take about 0.15 MiB off the idle hub's private dirty memory
/// (BENCHMARKS.md, "Lighter: libpulse loaded only when a sound server is to be reached").
///
/// Both are tunables, which glibc reads only as a process starts (`GLIBC_TUNABLES`; `mallopt` sets
/// no cache), so the hub starts itself once more with them, before anything else: `execv` of its
/// own executable, which keeps the process id, the arguments and the open descriptors (a socket
/// systemd passed). The variable is then put back as the hub was given it, so that the programs
/// it starts (a relaunched player) get the user's environment, not the hub's settings. Tunables
/// the user gave in `GLIBC_TUNABLES` come after the hub's, and so win.
enum MallocSettings {
  /// The hub's tunables.
  static let tunables = "glibc.malloc.arena_max=1:glibc.malloc.tcache_count=0"
  /// Set for the second start only: `GLIBC_TUNABLES` as the hub was given it (`=` and the
  /// value), or `unset`.
  static let given = "REMOTECTLD_GIVEN_GLIBC_TUNABLES"

  /// Starts the hub again with ``tunables`` when it runs without them, and goes on (with glibc's
  /// defaults) when it cannot; on the second start, puts `GLIBC_TUNABLES` back as given.
  ///
  /// The corresponding C functions are `getenv`, `setenv` and `execv`.
  static func apply() {
    let original = getenv("GLIBC_TUNABLES").map { String(cString: $0) }
    if let recorded = getenv(given).map({ String(cString: $0) }) {
      restore(recorded)
      return
    }
    // The executable's own path, not /proc/self/exe, which would name the process `exe` (its
    // `comm`, what ps, pgrep and the journal show). One replaced meanwhile (an upgrade) reads
    // `… (deleted)`, which execv does not find: the hub then goes on as it is.
    guard let executable = ownExecutable() else { return }
    setenv(given, original.map { "=" + $0 } ?? "unset", 1)
    setenv("GLIBC_TUNABLES", tunables + (original.map { ":" + $0 } ?? ""), 1)
    execv(executable, CommandLine.unsafeArgv)
    // Only on failure: glibc's defaults, and the environment as it was.
    restore(original.map { "=" + $0 } ?? "unset")
  }

  /// The path of the running executable, `nil` when it cannot be read.
  ///
  /// The corresponding C function is `readlink`.
  private static func ownExecutable() -> String? {
    var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &path, path.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: path.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Puts `GLIBC_TUNABLES` back as `given` says (see ``given``) and forgets `given`.
  private static func restore(_ value: String) {
    if value.hasPrefix("=") {
      setenv("GLIBC_TUNABLES", String(value.dropFirst()), 1)
    } else {
      unsetenv("GLIBC_TUNABLES")
    }
    unsetenv(given)
  }
}
