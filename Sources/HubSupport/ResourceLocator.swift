package import Foundation

/// Finds a module's resources beside the running executable, where SwiftPM's build puts them or
/// an installation does. (SwiftPM's `Bundle.module` is not used: it ends the process when the
/// bundle is missing.)
package enum ResourceLocator {
  /// The first existing folder among: the build's resource bundle of `module`
  /// (`swift-remote-control_<module>.resources/Resources`, then the bundle itself), and an
  /// installation's `../share/swift-remote-control/<installedName>`; `nil` when none exists.
  ///
  /// - Parameters:
  ///   - module: The target whose resources are wanted, such as `Bridge`.
  ///   - installedName: The folder under `share/swift-remote-control` an installation uses.
  ///   - file: A file the folder must hold as a regular file, or `nil` to accept any folder.
  package static func folder(module: String, installedName: String, holding file: String? = nil)
    -> URL?
  {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let bundle = executable.appendingPathComponent(
      "swift-remote-control_\(module).resources", isDirectory: true)
    let candidates = [
      bundle.appendingPathComponent("Resources", isDirectory: true),
      bundle,
      executable.deletingLastPathComponent().appendingPathComponent(
        "share/swift-remote-control/\(installedName)", isDirectory: true),
    ]
    return candidates.first { candidate in
      var isDirectory: ObjCBool = false
      guard let file else {
        return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory)
          && isDirectory.boolValue
      }
      return FileManager.default.fileExists(
        atPath: candidate.appendingPathComponent(file).path, isDirectory: &isDirectory)
        && !isDirectory.boolValue
    }
  }
}
