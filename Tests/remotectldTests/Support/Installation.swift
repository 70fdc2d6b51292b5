import BusTestSupport
import Foundation

/// `make install` and `make uninstall` of this package, for the installation tests.
enum Installation {
  /// The package's root folder, where the Makefile is.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Whether make and the Makefile are there.
  static var canRun: Bool {
    ChildProcess.which("make") != nil
      && FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Makefile").path)
  }

  /// Every file `make install PREFIX=prefix` installs, relative to the prefix.
  static let installedFiles =
    ([
      "bin/binaural", "bin/remotectl", "bin/remotectld", "lib/systemd/user/remotectld.service",
      "share/dbus-1/services/io.github.swift_remote_control.Hub.service",
      "share/dbus-1/services/org.mpris.MediaPlayer2.remotectld.service",
    ]
    + files(under: packageRoot.appendingPathComponent("Sources/WebRemote/Resources")).map {
      "share/swift-remote-control/web/" + $0
    }
    + files(under: packageRoot.appendingPathComponent("Sources/Bridge/Resources")).map {
      "share/swift-remote-control/bridge/" + $0
    }).sorted()

  /// `make install` (or `uninstall`) into `prefix`, with this test run's debug executables as
  /// they are.
  static func make(_ target: String, prefix: URL) async throws -> ClientResult {
    try await ChildProcess.run(
      "make",
      [
        "--no-print-directory", "-C", packageRoot.path, target, "PREFIX=\(prefix.path)",
        "CONFIGURATION=debug", "PRODUCTS=\(HubTools.productsDirectory.path)",
      ])
  }

  /// The regular files under `folder`, relative to it, sorted.
  static func files(under folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        files.append(path)
      }
    }
    return files.sorted()
  }
}
