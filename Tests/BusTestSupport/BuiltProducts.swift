package import Foundation

/// The executables this package builds (`binaural`, `remotectl`, `remotectld`), found beside the running test
/// bundle.
package enum BuiltProducts {
  /// The folder of the built products: the first folder above the test runner that holds
  /// `remotectl` (the runner may live inside a bundle folder).
  package static let directory: URL = {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    while directory.path != "/"
      && !FileManager.default.fileExists(atPath: directory.appendingPathComponent("remotectl").path)
    {
      directory = directory.deletingLastPathComponent()
    }
    return directory
  }()

  /// The path of the built executable `name`.
  package static func path(of name: String) -> String { directory.appendingPathComponent(name).path }

  /// `remotectl`, the controller.
  package static var remotectl: String { path(of: "remotectl") }
  /// `binaural`, the example player.
  package static var binaural: String { path(of: "binaural") }
  /// `remotectld`, the Now Playing hub.
  package static var remotectld: String { path(of: "remotectld") }
}
