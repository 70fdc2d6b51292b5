internal import CPulseLoader
import Synchronization

/// libpulse, loaded the first time a sound server may answer (``SoundServerPlaces``), and kept
/// loaded from then on. The hub links no libpulse (`CPulseLoader` loads it with `dlopen`), so that
/// on a machine with no sound server it maps none of libpulse, nor of what libpulse loads
/// (libsndfile and its codecs, X11, libdbus): about 0.35 MiB of private dirty memory
/// (BENCHMARKS.md, "Lighter: libpulse loaded only when a sound server is to be reached").
enum Libpulse {
  /// The table once loaded: the one copy, which `CPulseLoader` fills and keeps none of.
  private static let loaded = Mutex<cpulse_calls?>(nil)

  /// libpulse's functions, for reaching `server` (`nil`: libpulse's default).
  ///
  /// Throws ``SoundServerError/Code/unavailable`` when no server may answer there and libpulse
  /// is not loaded yet (it stays unloaded), or when libpulse cannot be loaded (not installed, or
  /// older than the functions the module calls): the error says which.
  static func calls(toReach server: String?) throws(SoundServerError) -> cpulse_calls {
    try loaded.withLock { loaded throws(SoundServerError) -> cpulse_calls in
      if let loaded { return loaded }
      if let absence = SoundServerPlaces.current().absence(at: server) {
        throw SoundServerError(.unavailable, absence)
      }
      var reason = [CChar](repeating: 0, count: 512)
      // Filled whole by `cpulse_load` when it returns 0, and read only then.
      let table = UnsafeMutablePointer<cpulse_calls>.allocate(capacity: 1)
      defer { table.deallocate() }
      guard cpulse_load(table, &reason, reason.count) == 0 else {
        let words = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw SoundServerError(
          .unavailable,
          "libpulse, the PulseAudio client library, could not be loaded (\(words)): install it (libpulse0) to follow the sound server."
        )
      }
      loaded = table.pointee
      return table.pointee
    }
  }
}
