import BusTestSupport
import Foundation
import SoundTestSupport

/// An app run as Flatpak runs it, without Flatpak: `bwrap --unshare-pid` with a `/.flatpak-info`
/// naming the app and its instance, its session bus reached through `xdg-dbus-proxy` running in
/// a second bwrap sandbox with the same file, and the sound server's socket bound in at
/// `/run/user/UID/pulse/native`.
///
/// So, as under Flatpak, the bus reports the proxy's process id for the app's names,
/// `/proc/<proxy pid>/root/.flatpak-info` names the app, and the sound server sees a client
/// whose `application.process.id` is its id inside the sandbox (2).
enum FlatpakSandbox {
  /// The folders every sandbox sees: the system read-only, its own /proc, /dev, /tmp, and
  /// `/.flatpak-info`; it dies with whoever started it.
  private static func common(info: String) -> [String] {
    [
      "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
      "--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin", "--ro-bind", "/etc", "/etc",
      "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--ro-bind", info, "/.flatpak-info",
      "--die-with-parent",
    ]
  }

  /// Starts the proxy's sandbox, then the app's running `command` (a path and its arguments),
  /// both as the stage's user, with `appID` in `/.flatpak-info` and the proxy letting the app own
  /// `ownNames` (as `--own-name` does). Returns both sandboxes, the proxy first.
  static func start(appID: String, ownNames: [String], command: [String], on stage: PlayerStage) async throws
    -> [ChildProcess]
  {
    let folder = try stage.user.makeFolder(at: stage.home.appendingPathComponent("flatpak"))
    let info = folder.appendingPathComponent("flatpak-info")
    let instance = String(UInt32.random(in: 1_000_000_000...4_000_000_000))
    try """
    [Application]
    name=\(appID)
    runtime=runtime/org.freedesktop.Platform/x86_64/24.08

    [Instance]
    instance-id=\(instance)
    branch=stable
    arch=x86_64
    flatpak-version=1.14.10
    session-bus-proxy=true

    """.write(to: info, atomically: true, encoding: .utf8)
    try stage.user.own(info.path)
    let busSocket = String(stage.bus.address.dropFirst("unix:path=".count))
    let proxySocket = folder.appendingPathComponent("bus").path
    let log = stage.logPath(RealPlayer.flatpakMPV.rawValue)
    let proxy = try stage.user.start(
      "/usr/bin/bwrap",
      common(info: info.path) + [
        "--bind", folder.path, folder.path, "--ro-bind", busSocket, busSocket, "--",
        "/usr/bin/xdg-dbus-proxy", stage.bus.address, proxySocket, "--filter",
      ] + ownNames.map { "--own=\($0)" },
      environment: stage.playerEnvironment, log: log + ".proxy")
    do {
      try await eventually("xdg-dbus-proxy to listen at \(proxySocket)") {
        guard proxy.exitStatus == nil else { throw TestFailure("xdg-dbus-proxy's sandbox ended") }
        return acceptsConnections(atUnixSocket: proxySocket)
      }
      let runtime = "/run/user/\(stage.user.uid)"
      let soundSocket = String(stage.server.address.dropFirst("unix:".count))
      let app = try stage.user.start(
        "/usr/bin/bwrap",
        common(info: info.path) + [
          "--unshare-pid", "--tmpfs", "/run", "--bind", proxySocket, "/run/flatpak/bus",
          "--bind", soundSocket, "\(runtime)/pulse/native",
          "--setenv", "DBUS_SESSION_BUS_ADDRESS", "unix:path=/run/flatpak/bus",
          "--setenv", "PULSE_SERVER", "unix:\(runtime)/pulse/native", "--setenv", "XDG_RUNTIME_DIR", runtime,
          "--setenv", "HOME", "/tmp", "--setenv", "XDG_CONFIG_HOME", "/tmp", "--setenv", "XDG_CACHE_HOME",
          "/tmp", "--setenv", "TMPDIR", "/tmp",
          "--",
        ] + command,
        environment: stage.playerEnvironment, log: log)
      return [proxy, app]
    } catch {
      await proxy.terminate()
      throw error
    }
  }
}
