import BusTestSupport
import Foundation

/// `make install` and `make uninstall` of this package, for the installation tests.
enum Installation {
  /// The package's root folder, where the Makefile is.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// make and the Makefile.
  static var canRun: Requirement {
    .executable("make", debianPackage: "make")
      && .condition(
        FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Makefile").path),
        "the package's Makefile (the tests run from its checkout)")
  }

  /// Every file `make install` installs into a prefix in the home folder, relative to the prefix.
  static let installedFiles =
    ([
      "bin/binaural", "bin/remotectl", "bin/remotectld", "share/systemd/user/remotectld.service",
      "share/dbus-1/services/io.github.swift_remote_control.Hub.service",
      "share/dbus-1/services/org.mpris.MediaPlayer2.remotectld.service",
    ]
    + files(under: packageRoot.appendingPathComponent("Sources/WebRemote/Resources")).map {
      "share/swift-remote-control/web/" + $0
    }
    + files(under: packageRoot.appendingPathComponent("Sources/Bridge/Resources")).map {
      "share/swift-remote-control/bridge/" + $0
    }).sorted()

  /// `make install` (or `uninstall`) into `prefix`, by default `home`'s `.local`, as a user whose home folder `home`
  /// is installs (`HOME` and the XDG folders under it), with this test run's debug executables as
  /// they are.
  ///
  /// - Parameter busAddress: The session bus the user's shell has (`DBUS_SESSION_BUS_ADDRESS`), if any.
  static func make(_ target: String, home: URL, prefix: URL? = nil, busAddress: String? = nil)
    async throws -> ClientResult
  {
    try await ChildProcess.run(
      "make",
      [
        "--no-print-directory", "-C", packageRoot.path, target,
        "PREFIX=\((prefix ?? Self.prefix(home: home)).path)",
        "CONFIGURATION=debug", "PRODUCTS=\(BuiltProducts.directory.path)",
      ],
      environment: environment(home: home).merging(busAddress.map { ["DBUS_SESSION_BUS_ADDRESS": $0] } ?? [:])
      {
        $1
      }, timeout: .seconds(60))
  }

  /// Where ``make(_:home:)`` installs: `home/.local`.
  static func prefix(home: URL) -> URL { home.appendingPathComponent(".local") }

  /// The environment of a user whose home folder is `home`: `HOME`, and the XDG base folders at
  /// their defaults under it (the runtime folder `home/run`, which need not exist).
  static func environment(home: URL) -> [String: String] {
    [
      "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
      "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
      "XDG_STATE_HOME": home.appendingPathComponent(".local/state").path,
      "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
      "XDG_RUNTIME_DIR": home.appendingPathComponent("run").path,
    ]
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
