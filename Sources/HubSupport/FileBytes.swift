import Glibc

/// Reading a file's bytes with `open` and `read`, where Foundation's `FileHandle` was used (it is
/// not in FoundationEssentials).
package enum FileBytes {
  /// The first `limit` bytes of the file at `path` (all of it when shorter); `nil` when it cannot
  /// be opened or read.
  ///
  /// The corresponding C functions are `open` and `read`.
  package static func read(atPath path: String, upTo limit: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    while bytes.count < limit {
      var count = 0
      let chunk = [UInt8](unsafeUninitializedCapacity: min(65_536, limit - bytes.count)) {
        buffer, initialized in
        repeat {
          count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        } while count < 0 && errno == EINTR
        initialized = max(0, count)
      }
      if count < 0 { return nil }
      if count == 0 { break }
      bytes.append(contentsOf: chunk)
    }
    return bytes
  }
}
