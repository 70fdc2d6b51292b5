import BusTestSupport
import Foundation
import Testing

/// The Debian packages `make deb` builds, installed as a user installs them (`apt-get install
/// ./….deb`), used from `/usr`, and purged again. It changes `/usr`, so only `make check` runs it,
/// alone, naming the packages' folder in `REMOTE_CONTROL_DEBS`.
@Suite(
  "The Debian packages, installed with apt-get and purged", .serialized,
  .enabled(if: DebianPackages.canRun && HubTools.canRun), .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct PackageTests {
  @Test
  func
    `installed, the programs work from /usr, the first call activates /usr/bin/remotectld, no unit is enabled, and purge leaves /usr as it was`()
    async throws
  {
    let debs = try DebianPackages.files(in: try #require(DebianPackages.folder))
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "package-test-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    // A run that stopped halfway may have left them installed.
    if try await !DebianPackages.present().isEmpty {
      _ = try await DebianPackages.apt(["purge", "-y"] + DebianPackages.names)
    }
    let before = try await DebianPackages.snapshotOfUsr(to: work.appendingPathComponent("usr-before"))

    let install = try await DebianPackages.apt(
      ["install", "-y", "--no-install-recommends"] + debs.map(\.path))
    #expect(install.status == 0, "\(install)")
    let listed: [String]
    do {
      try await Self.checkInstalled(in: work)
      listed = try await DebianPackages.listedPaths()
    } catch {
      _ = try? await DebianPackages.apt(["purge", "-y"] + DebianPackages.names)
      throw error
    }

    let purge = try await DebianPackages.apt(["purge", "-y"] + DebianPackages.names)
    #expect(purge.status == 0, "\(purge)")
    #expect(try await DebianPackages.present() == [])
    // They installed nothing outside /usr (dpkg lists the root as "/.").
    let paths = listed.filter { $0 != "/." }
    #expect(paths.filter { !$0.hasPrefix("/usr/") && $0 != "/usr" } == [], "installed outside /usr")
    // Every file the packages listed is gone; what stays is a folder that was there before.
    let foldersBefore = Set(
      before.filter { $0.hasPrefix("d ") }.map { String($0.split(separator: " ", maxSplits: 3)[3]) })
    let left = paths.filter { FileManager.default.fileExists(atPath: $0) && !foldersBefore.contains($0) }
    #expect(left == [], "left by purge")
    let after = try await DebianPackages.snapshotOfUsr(to: work.appendingPathComponent("usr-after"))
    #expect(before.subtracting(after).sorted() == [], "changed or removed in /usr")
    #expect(after.subtracting(before).sorted() == [], "added to /usr")
  }

  /// What an installed system shows: the files where the programs look, the programs working,
  /// activation, no unit enabled, and the hub serving its page and bridge clients from `/usr`.
  static func checkInstalled(in work: URL) async throws {
    #expect(try await DebianPackages.present() == DebianPackages.names)
    for path in [
      "/usr/bin/remotectl", "/usr/bin/remotectld", "/usr/bin/binaural",
      "/usr/lib/systemd/user/remotectld.service",
      "/usr/share/dbus-1/services/io.github.swift_remote_control.Hub.service",
      "/usr/share/dbus-1/services/org.mpris.MediaPlayer2.remotectld.service",
      "/usr/share/swift-remote-control/web/index.html",
      "/usr/share/swift-remote-control/bridge/remote-control.js",
      "/usr/lib/udev/rules.d/70-remote-control-headset.rules",
      "/usr/share/man/man1/remotectl.1.gz", "/usr/share/man/man1/remotectld.1.gz",
      "/usr/share/man/man1/binaural.1.gz",
    ] {
      #expect(FileManager.default.fileExists(atPath: path), "\(path) installed")
    }
    let version = try await ChildProcess.run("/usr/bin/remotectl", ["--version"])
    let packaged = try await DebianPackages.version(of: "remotectl")
    #expect(version.status == 0 && version.output.contains(packaged), "\(version) is version \(packaged)")

    // Installed, not enabled: nothing under /etc/systemd/user names the unit.
    let enabled = try await ChildProcess.run("systemctl", ["--global", "is-enabled", "remotectld.service"])
    #expect(enabled.output == "disabled\n", "\(enabled)")
    let links = FileManager.default.enumerator(atPath: "/etc/systemd/user")?.allObjects as? [String] ?? []
    #expect(links.filter { $0.hasSuffix("remotectld.service") } == [])

    // A session bus whose configuration names the installed services folder, as a desktop's does.
    let bus = try await ConfiguredBus.start(
      .session, in: work, servicesDirectory: URL(fileURLWithPath: "/usr/share/dbus-1/services"))
    #expect(try await bus.processIdentifier(of: "io.github.swift_remote_control.Hub") == nil)
    let first = try await bus.run("/usr/bin/remotectl", ["hub"])
    #expect(first.status == 0, "\(first)")
    let pid = try #require(try await bus.processIdentifier(of: "io.github.swift_remote_control.Hub"))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe") == "/usr/bin/remotectld")
    // remotectl status from /usr/bin, on the installed player.
    let player = try ChildProcess(
      "/usr/bin/binaural", ["--output", "null", "--headless", "--name", "a"],
      environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], standardError: .file("/dev/null"))
    try await eventually(
      "/usr/bin/remotectl status says binaural is paused",
      { try await bus.run("/usr/bin/remotectl", ["status"]).output }, until: { $0 == "Paused\n" })
    await player.terminate()
    kill(pid, SIGTERM)
    try await eventually("the activated remotectld stops") {
      !FileManager.default.fileExists(atPath: "/proc/\(pid)")
    }

    // The installed hub serves the installed page and bridge clients.
    let runtime = work.appendingPathComponent("run")
    try FileManager.default.createDirectory(
      at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let hub = try ChildProcess(
      "/usr/bin/remotectld", ["--http-port", "0", "--bridge-port", "0"],
      environment: [
        "DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_RUNTIME_DIR": runtime.path,
        "XDG_STATE_HOME": work.appendingPathComponent("state").path,
        "XDG_CONFIG_HOME": work.appendingPathComponent("config").path,
      ])
    let urls = try await eventually("remotectld logs its web remote and bridge addresses") {
      () -> (page: String, bridge: String)? in
      let log = hub.standardError
      guard let page = Self.address(after: "web remote at ", in: log),
        let bridge = Self.address(after: "bridge at ", in: log)
      else { return nil }
      return (page, bridge.replacingOccurrences(of: "ws://", with: "http://"))
    }
    let page = try await DebianPackages.fetch(urls.page)
    let installedPage = try String(
      contentsOfFile: "/usr/share/swift-remote-control/web/index.html", encoding: .utf8)
    #expect(page.status == 0 && page.output == installedPage, "\(page.error)")
    let script = try await DebianPackages.fetch(urls.bridge + "/remote-control.js")
    let installedScript = try String(
      contentsOfFile: "/usr/share/swift-remote-control/bridge/remote-control.js", encoding: .utf8)
    #expect(script.status == 0 && script.output == installedScript, "\(script.error)")
    await hub.terminate()
    await bus.stop()
  }

  /// The address that follows `marker` in `log`, up to the end of its word.
  static func address(after marker: String, in log: String) -> String? {
    guard let range = log.range(of: marker) else { return nil }
    return String(log[range.upperBound...].prefix { !$0.isWhitespace && $0 != "\"" })
  }
}
