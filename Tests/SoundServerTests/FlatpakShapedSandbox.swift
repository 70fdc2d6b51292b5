import BusTestSupport
import Foundation
import HubSupport
import Testing

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

  /// An app and its bus proxy, each in a sandbox of the app, as Flatpak runs them.
  struct RunningApp {
    /// The bus proxy's sandbox (`sleep 300`).
    let proxy: ChildProcess
    /// The app's sandbox (`sleep 301`), which printed its own process id inside.
    let app: ChildProcess
    /// The app's process id inside its sandbox, as a stream from it names it.
    let inside: Int32
    /// The bus proxy's process on the host (the child of its sandbox's init): the player a
    /// Flatpak app's bus name leads to.
    let proxyProcess: Int32

    /// Kills both sandboxes.
    func kill() {
      proxy.kill()
      app.kill()
    }
  }

  /// Starts the bus proxy's sandbox and the app's, and waits for the app's id inside and the
  /// proxy's process on the host, read with `files`; both are killed when a step fails.
  func startAppAndProxy(reading files: ProcessFiles) async throws -> RunningApp {
    let proxy = try start("exec sleep 300")
    let app: ChildProcess
    do {
      app = try start("echo $$; exec sleep 301")
    } catch {
      proxy.kill()
      throw error
    }
    do {
      let inside = try #require(Int32(try await app.line()))
      let proxyProcess = try await files.child(of: files.child(of: proxy.processIdentifier))
      return RunningApp(proxy: proxy, app: app, inside: inside, proxyProcess: proxyProcess)
    } catch {
      proxy.kill()
      app.kill()
      throw error
    }
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
