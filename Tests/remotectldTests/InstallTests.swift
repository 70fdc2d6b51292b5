import BusTestSupport
import Foundation
import Testing

/// `make install` and `make uninstall`, and the D-Bus activation they set up: a session bus that
/// knows the installed services folder starts remotectld on the first call to the hub's name.
@Suite(
  "Installed like a real service", .serialized, .enabled(if: HubTools.canRun && Installation.canRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct InstallTests {
  @Test
  func
    `make install puts the executables, the unit and the activation files under PREFIX; uninstall removes them`()
    async throws
  {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "install-test-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: home) }
    let prefix = Installation.prefix(home: home)
    let install = try await Installation.make("install", home: home)
    #expect(install.status == 0, "\(install)")
    #expect(Installation.files(under: prefix) == Installation.installedFiles)
    for executable in ["binaural", "remotectl", "remotectld"] {
      #expect(
        FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/\(executable)").path))
    }
    let bin = prefix.appendingPathComponent("bin").path
    let unitFile = prefix.appendingPathComponent("share/systemd/user/remotectld.service")
    let unit = try String(contentsOf: unitFile, encoding: .utf8)
    for line in ["Type=dbus", "BusName=io.github.swift_remote_control.Hub", "ExecStart=\(bin)/remotectld"] {
      #expect(unit.split(separator: "\n").contains(Substring(line)), "\(line) in \(unit)")
    }
    for name in ["io.github.swift_remote_control.Hub", "org.mpris.MediaPlayer2.remotectld"] {
      let service = try String(
        contentsOf: prefix.appendingPathComponent("share/dbus-1/services/\(name).service"), encoding: .utf8)
      let lines = service.split(separator: "\n")
      for line in [
        "[D-BUS Service]", "Name=\(name)", "Exec=\(bin)/remotectld", "SystemdService=remotectld.service",
      ] {
        #expect(lines.contains(Substring(line)), "\(line) in \(service)")
      }
    }
    // The test's PATH does not hold the new bin folder: install says so, with the line to add.
    #expect(install.output.contains("warning: \(bin) is not on PATH"), "\(install.output)")
    if ChildProcess.which("systemd-analyze") != nil {
      // systemd's own check of the unit: its syntax, and that ExecStart's program exists.
      let verify = try await ChildProcess.run(
        "systemd-analyze", ["verify", "--user", unitFile.path],
        environment: Installation.environment(home: home).merging(["XDG_RUNTIME_DIR": home.path]) { $1 })
      #expect(verify.status == 0 && verify.error.isEmpty, "\(verify)")
    }
    let uninstall = try await Installation.make("uninstall", home: home)
    #expect(uninstall.status == 0, "\(uninstall)")
    #expect(Installation.files(under: prefix) == [])
    // Nor the empty folders install made, up to the prefix.
    #expect((try? FileManager.default.contentsOfDirectory(atPath: prefix.path)) ?? [] == [])
  }

  @Test(.enabled(if: .executable("systemd-analyze", debianPackage: "systemd")))
  func `make install puts the user unit in a folder systemd's user manager searches for that home`()
    async throws
  {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "unit-path-test-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: home) }
    let install = try await Installation.make("install", home: home)
    #expect(install.status == 0, "\(install)")
    let paths = try await ChildProcess.run(
      "systemd-analyze", ["--user", "unit-paths"], environment: Installation.environment(home: home))
    #expect(paths.status == 0, "\(paths)")
    let searched = paths.output.split(separator: "\n").map(String.init)
    let units = searched.filter {
      FileManager.default.fileExists(
        atPath: URL(fileURLWithPath: $0).appendingPathComponent("remotectld.service").path)
        && $0.hasPrefix(home.path)
    }
    #expect(
      units == [Installation.prefix(home: home).appendingPathComponent("share/systemd/user").path], "\(paths)"
    )
    #expect(!install.output.contains("systemd does not look in"), "\(install.output)")
    #expect(try await Installation.make("uninstall", home: home).status == 0)
  }

  @Test func `make uninstall names the state the programs left in the home folder, and how to remove it`()
    async throws
  {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "uninstall-test-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: home) }
    #expect(try await Installation.make("install", home: home).status == 0)
    let clean = try await Installation.make("uninstall", home: home)
    #expect(clean.status == 0, "\(clean)")
    #expect(clean.output.contains("nothing: no state of theirs is here"), "\(clean.output)")
    // What remotectld, binaural and the artwork cache write, where each writes it.
    let state = home.appendingPathComponent(".local/state/remotectld")
    let favourites = home.appendingPathComponent(".local/share/binaural")
    let artwork = home.appendingPathComponent(".cache/swift-remote-control")
    for folder in [state, favourites, artwork.appendingPathComponent("artwork")] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    try Data("[]".utf8).write(to: state.appendingPathComponent("devices.json"))
    try Data("alpha\n".utf8).write(to: favourites.appendingPathComponent("favourites"))
    #expect(try await Installation.make("install", home: home).status == 0)
    let uninstall = try await Installation.make("uninstall", home: home)
    #expect(uninstall.status == 0, "\(uninstall)")
    for (folder, what) in [
      (state, "paired web remote devices"), (favourites, "binaural's favourites"),
      (artwork, "the artwork cache"),
    ] {
      let line = uninstall.output.split(separator: "\n").first {
        $0.contains(folder.path) && $0.contains(what)
      }
      #expect(line != nil, "\(folder.path): \(what) in \(uninstall.output)")
    }
    #expect(
      uninstall.output.contains("rm -rf \(state.path) \(favourites.path) \(artwork.path)\n"),
      "\(uninstall.output)")
  }

  @Test func `the first call to the hub's name starts the installed remotectld, which remotectl uses`()
    async throws
  {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "activation-test-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let prefix = Installation.prefix(home: directory)
    #expect(try await Installation.make("install", home: directory).status == 0)
    let bus = try await ConfiguredBus.start(
      .session, in: directory, servicesDirectory: prefix.appendingPathComponent("share/dbus-1/services"))
    let activatable = try await bus.askBus("ListActivatableNames")
    #expect(activatable.output.contains("\"io.github.swift_remote_control.Hub\""), "\(activatable)")
    #expect(activatable.output.contains("\"org.mpris.MediaPlayer2.remotectld\""), "\(activatable)")
    // Nobody runs it yet.
    #expect(try await bus.processIdentifier(of: "io.github.swift_remote_control.Hub") == nil)
    // The first call starts it, and is answered by it: the installed `remotectl hub` is one.
    let remotectl = prefix.appendingPathComponent("bin/remotectl").path
    let first = try await bus.run(remotectl, ["hub"])
    #expect(first.status == 0, "\(first)")
    #expect(first.error.hasSuffix("No players found\n"), "\(first.error)")
    #expect(first.error.contains("--proxy auto"), "it says whether it publishes the proxy player")
    let players = try await bus.run(
      "gdbus",
      [
        "call", "--address", bus.address, "--dest", "io.github.swift_remote_control.Hub", "--object-path",
        "/org/mpris/MediaPlayer2", "--method", "org.freedesktop.DBus.Properties.Get",
        "io.github.swift_remote_control.Hub1", "Players",
      ])
    #expect(players.output == "(<@as []>,)\n", "\(players)")
    let pid = try #require(try await bus.processIdentifier(of: "io.github.swift_remote_control.Hub"))
    let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
    #expect(executable == prefix.appendingPathComponent("bin/remotectld").path)
    // The installed player and controller work with it.
    let player = try ChildProcess(
      prefix.appendingPathComponent("bin/binaural").path, ["--output", "null", "--headless", "--name", "a"],
      environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], standardError: .file("/dev/null"))
    try await eventually(
      "the installed remotectl lists a", { try await bus.run(remotectl, ["hub"]).output },
      until: { $0 == "* a\n" })
    await player.terminate()
    kill(pid, SIGTERM)
    try await eventually(
      "remotectld stops", { FileManager.default.fileExists(atPath: "/proc/\(pid)") }, until: { !$0 })
    await bus.stop()
    #expect(try await Installation.make("uninstall", home: directory).status == 0)
  }
  @Test
  func `a session bus started before the activation folder existed: doctor says so, and install reloads it`()
    async throws
  {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reload-test-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let prefix = Installation.prefix(home: home)
    let services = prefix.appendingPathComponent("share/dbus-1/services")
    // The bus searches the user's folder, which does not exist yet (a first install into a home).
    let bus = try await ConfiguredBus.start(.session, in: home, servicesDirectory: services)
    #expect(try await Installation.make("install", home: home).status == 0)
    let doctor = try await ChildProcess.run(
      prefix.appendingPathComponent("bin/remotectl").path, ["doctor"],
      environment: Installation.environment(home: home).merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) {
        $1
      })
    #expect(
      doctor.output.contains(
        "but the bus has not read its activation folder (\(services.path)) since it was made"),
      "\(doctor.output)")
    #expect(doctor.output.contains("org.freedesktop.DBus.ReloadConfig"), "\(doctor.output)")
    // make install, run where that bus is the session bus, leaves it able to start the hub (it tells
    // the bus to read its configuration again when the bus does not list the hub yet).
    let install = try await Installation.make("install", home: home, busAddress: bus.address)
    #expect(install.status == 0 && !install.output.contains("cannot start remotectld"), "\(install.output)")
    let activatable = try await bus.askBus("ListActivatableNames")
    #expect(activatable.output.contains("\"io.github.swift_remote_control.Hub\""), "\(activatable)")
    await bus.stop()
    #expect(try await Installation.make("uninstall", home: home).status == 0)
  }

  @Test
  func
    `a prefix the session bus does not search: install says so with the lines, and remotectl hub says it too`()
    async throws
  {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(
      "prefix-test-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let prefix = home.appendingPathComponent("opt")
    let services = prefix.appendingPathComponent("share/dbus-1/services").path
    let install = try await Installation.make("install", home: home, prefix: prefix)
    #expect(install.status == 0, "\(install)")
    #expect(
      install.output.contains("warning: the session bus does not look in \(services) for activation files"),
      "\(install.output)")
    let userServices = home.appendingPathComponent(".local/share/dbus-1/services").path
    #expect(install.output.contains("mkdir -p \(userServices)"), "\(install.output)")
    #expect(install.output.contains("<servicedir>\(services)</servicedir>"), "\(install.output)")
    // Into ~/.local, which the bus searches, it says nothing of the kind.
    let local = try await Installation.make("install", home: home)
    #expect(!local.output.contains("session bus does not look"), "\(local.output)")
    #expect(try await Installation.make("uninstall", home: home).status == 0)

    // A bus that does not look there cannot start it: the installed remotectl says why, not "install it".
    let bus = try await ConfiguredBus.start(.session, in: home)
    let remotectl = prefix.appendingPathComponent("bin/remotectl").path
    let hub = try await bus.run(remotectl, ["hub"])
    #expect(hub.status == 1, "\(hub)")
    #expect(
      hub.error.contains(
        "remotectld is installed in \(prefix.path), but the bus does not look in \(services)"),
      "\(hub.error)")
    let doctor = try await bus.run(remotectl, ["doctor"])
    #expect(doctor.output.contains("where the bus does not look for activation files"), "\(doctor.output)")
    await bus.stop()
    #expect(try await Installation.make("uninstall", home: home, prefix: prefix).status == 0)
  }
}
