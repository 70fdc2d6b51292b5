package import FoundationEssentials
import Glibc

/// Replacing a file's contents atomically: the new contents go to a temporary file beside it,
/// `.NAME.PID`, which is then renamed over it, so a reader sees the old contents or the new,
/// never a part of either. Every file the hub and binaural keep (paired devices, the last Now
/// Playing app, the bridge's token and endpoint, the private bus's address) is written this way.
package enum AtomicFile {
  /// Writes `data` to `path` through a temporary file beside it and a rename. The file is
  /// created with `permissions` (0600 by default: the files hold keys and tokens; `nil` for the
  /// process's default, 0666 less the umask). The folder must exist.
  ///
  /// The corresponding C function is `rename`.
  ///
  /// - Throws: ``Failure`` saying which step failed: the temporary file could not be written,
  ///   or the rename failed (the temporary file is then removed, or the error says it is left
  ///   behind).
  package static func write(_ data: Data, toPath path: String, permissions: Int? = 0o600) throws {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = directory + "/.\(name).\(getpid())"
    let attributes: [FileAttributeKey: Any] = permissions.map { [.posixPermissions: $0] } ?? [:]
    guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: attributes) else {
      throw Failure(description: "cannot write \(temporary)")
    }
    guard rename(temporary, path) == 0 else {
      var reason = String(cString: strerror(errno))
      do {
        try FileManager.default.removeItem(atPath: temporary)
      } catch {
        reason += "; \(temporary) is left behind: \(errorDescription(error))"
      }
      throw Failure(description: "cannot replace \(path): \(reason)")
    }
  }

  /// Why a write failed, in words a user can act on.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    /// What failed and why.
    package var description: String
  }
}
