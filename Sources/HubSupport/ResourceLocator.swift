package import FoundationEssentials

/// Finds a module's resources: where an installation puts them, else in the source tree the
/// executable was built from.
///
/// The modules declare no SwiftPM resources: SwiftPM's generated `Bundle.module` accessor imports
/// full Foundation, and with it ICU's data (about 38 MB) into every executable that links the
/// module; it also ends the process when the bundle is missing.
package enum ResourceLocator {
  /// The first existing folder among: an installation's `../share/swift-remote-control/<installedName>`
  /// beside the running executable's folder, and the source tree's `Sources/<module>/Resources`
  /// (found from `sourceFile`, a file of that module); `nil` when none exists.
  ///
  /// - Parameters:
  ///   - module: The target whose resources are wanted, such as `Bridge`.
  ///   - installedName: The folder under `share/swift-remote-control` an installation uses.
  ///   - file: A file the folder must hold as a regular file, or `nil` to accept any folder.
  ///   - sourceFile: A source file of `module`: the caller's own, by default.
  package static func folder(
    module: String, installedName: String, holding file: String? = nil, sourceFile: String = #filePath
  ) -> URL? {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    var candidates = [
      executable.deletingLastPathComponent().appendingPathComponent(
        "share/swift-remote-control/\(installedName)", isDirectory: true)
    ]
    if let sources = sourceFile.firstRange(of: "/Sources/\(module)/") {
      candidates.append(
        URL(fileURLWithPath: String(sourceFile[..<sources.upperBound]) + "Resources", isDirectory: true))
    }
    return candidates.first { candidate in
      var isDirectory = false
      guard let file else {
        return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory)
          && isDirectory
      }
      return FileManager.default.fileExists(
        atPath: candidate.appendingPathComponent(file).path, isDirectory: &isDirectory)
        && !isDirectory
    }
  }
}
