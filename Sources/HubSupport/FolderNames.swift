import Glibc

/// The names in a folder, read without Foundation.
package enum FolderNames {
  /// The names of the entries of the folder at `path`, without `.` and `..`, in the order the
  /// file system gives them; none when it cannot be read.
  ///
  /// The corresponding C functions are `opendir`, `readdir` and `closedir`.
  package static func read(atPath path: String) -> [String] {
    guard let folder = opendir(path) else { return [] }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }
}
