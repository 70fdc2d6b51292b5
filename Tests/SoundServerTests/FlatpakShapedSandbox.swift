import BusTestSupport
import Foundation
import HubSupport

/// Sandboxes shaped as Flatpak's for one app: `bwrap --unshare-pid` with `/usr`, `/proc`, `/dev`
/// and a `/.flatpak-info` naming the app (a random id, so that other tests' sandboxes never
/// match) and the instance, as Flatpak runs an app and its bus proxy.
struct FlatpakShapedSandbox {
  /// The app id its `/.flatpak-info` names.
  let appID: String
  /// The instance id its `/.flatpak-info` names.
  let instanceID: String
  private let info: URL

  /// Writes the `/.flatpak-info` of a new app, instance `instanceID`.
  init(instanceID: String) throws {
    appID = "org.example.Sandboxed\(UInt32.random(in: 0...UInt32.max))"
    self.instanceID = instanceID
    info = FileManager.default.temporaryDirectory.appendingPathComponent("\(appID).flatpak-info")
    try Data("[Application]\nname=\(appID)\n\n[Instance]\ninstance-id=\(instanceID)\n".utf8).write(to: info)
  }

  /// Runs `command` with `sh -c` in a sandbox of the app; it dies with the test.
  func start(_ command: String) throws -> ChildProcess {
    try ChildProcess(
      "bwrap",
      [
        "--unshare-pid", "--die-with-parent", "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib",
        "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin", "--proc", "/proc", "--dev",
        "/dev", "--ro-bind", info.path, "/.flatpak-info", "sh", "-c", command,
      ])
  }

  /// Removes the `/.flatpak-info` file.
  func remove() {
    try? FileManager.default.removeItem(at: info)
  }
}

extension ProcessFiles {
  /// A child of `process`, waited for.
  func child(of process: Int32) async throws -> Int32 {
    try await eventually("a child of \(process)") {
      try processes().first { status(of: $0)?.parent == process }
    }
  }
}
