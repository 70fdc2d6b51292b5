import BusTestSupport
import Foundation

/// Plasma 5.27's media keys on a private bus, the parts that pick the player and send it the keys:
/// the real kglobalaccel daemon (`kglobalaccel5`, which owns `org.kde.kglobalaccel` and runs a
/// component's shortcut when its key is pressed or `invokeShortcut` is called) and the real Media
/// Player applet (`org.kde.plasma.mediacontroller`) with its mpris2 data engine, loaded by
/// `plasmawindowed` as plasmashell loads it in the system tray. The applet registers the
/// `mediacontrol` shortcuts (`playpausemedia`, `nextmedia`, …) and sends each to the engine's
/// multiplexer's active player (docs/hub.md, "Plasma's media keys"). Qt draws off screen, in
/// software: no compositor and no GPU here. The key is `invokeShortcut` on kglobalaccel's D-Bus,
/// what kglobalaccel itself does when KWin hands it the key.
struct PlasmaMediaController {
  /// Whether Plasma's media keys are installed.
  static var isInstalled: Requirement {
    .executable("kglobalaccel5", debianPackage: "libkf5globalaccel-bin")
      && .executable("plasmawindowed", debianPackage: "plasma-workspace")
      && .file(appletFolder, debianPackage: "plasma-workspace")
  }

  static let appletFolder = "/usr/share/plasma/plasmoids/org.kde.plasma.mediacontroller"

  let bus: PrivateBus
  /// The applet's process; its standard output has the engine's debug lines (its standard error).
  let applet: ChildProcess

  /// What the Plasma programs get: the bus, a home and runtime folder of their own, Qt off screen.
  static func environment(on bus: PrivateBus) throws -> [String: String] {
    let home = bus.directory.appendingPathComponent("plasma")
    let runtime = home.appendingPathComponent("runtime")
    try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
    return [
      "HOME": home.path, "XDG_RUNTIME_DIR": runtime.path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
      "QT_QPA_PLATFORM": "offscreen", "QT_QUICK_BACKEND": "software",
      // No crash dialog (drkonqi) if a Qt program fails here.
      "KDE_DEBUG": "1",
      "QT_LOGGING_RULES": "kde.dataengine.mpris.debug=true",
    ]
  }

  /// Starts kglobalaccel and the applet on `bus` and returns once the applet's shortcuts are
  /// registered (kglobalaccel lists `/component/mediacontrol`), so that a key invoked next reaches
  /// the applet.
  static func start(on bus: PrivateBus) async throws -> PlasmaMediaController {
    let environment = try environment(on: bus)
    _ = try bus.start("kglobalaccel5", [], environment: environment, standardError: .file("/dev/null"))
    let applet = try bus.start(
      "/bin/sh", ["-c", "exec plasmawindowed org.kde.plasma.mediacontroller 2>&1"], environment: environment)
    let controller = PlasmaMediaController(bus: bus, applet: applet)
    do {
      try await eventually("the Media Player applet registers its shortcuts", within: .seconds(60)) {
        let result = try await bus.run(
          "gdbus",
          [
            "call", "--session", "--dest", "org.kde.kglobalaccel", "--object-path", "/kglobalaccel",
            "--method", "org.kde.KGlobalAccel.allComponents",
          ])
        return result.output.contains("/component/mediacontrol")
      }
    } catch {
      throw TestFailure("\(error)\nplasmawindowed said:\n\(applet.standardOutput.suffix(3000))")
    }
    return controller
  }

  /// Returns once the engine has read player `name`'s properties and handed it to the
  /// multiplexer ("Props fetch for NAME finished; adding").
  func takenIn(_ name: String) async throws {
    _ = try await applet.line(within: .seconds(30)) { $0.contains("Props fetch for \"\(name)\" finished") }
  }

  /// Returns once the engine has taken in every player of `names`, in whichever order it
  /// finishes reading them: players that appear together are read at once, and the engine's
  /// lines for them come in the order their answers do.
  func takenIn(all names: [String]) async throws {
    var left = Set(names)
    while !left.isEmpty {
      let waiting = left
      let line = try await applet.line(within: .seconds(30)) { line in
        waiting.contains { line.contains("Props fetch for \"\($0)\" finished") }
      }
      left = left.filter { !line.contains("Props fetch for \"\($0)\" finished") }
    }
  }

  /// Starts a stand-in for plasmashell's bus name, `org.kde.plasmashell` (the name the hub's
  /// `--proxy auto` follows), and returns once it is owned. A stand-in for the name alone:
  /// plasmashell itself does not start here (docs/hub.md), and plasmawindowed runs the same applet
  /// and engine without owning it.
  func ownShellName() async throws {
    let owner = try bus.start("/usr/bin/python3", [ProxyModeTests.nameOwner, "org.kde.plasmashell"])
    _ = try await owner.line(within: .seconds(10)) { $0 == "OWNED" }
  }

  /// How many entries each of `names` (MPRIS names without `org.mpris.MediaPlayer2.`), all taken
  /// in by the engine, has in the applet's list of players: the rule of the applet's
  /// `updateMprisSourcesModel` (`contents/ui/main.qml`, 5.27.5) applied to what the bus says.
  /// Every player the engine took in is an entry, but for each player whose owner's process
  /// (`InstancePid`) some player's `Metadata` names as `kde:pid`. The list itself is QML state,
  /// not on the bus.
  func entries(of names: [String]) async throws -> [String: Int] {
    var processes: [String: UInt32] = [:]
    var named: Set<UInt32> = []
    for name in names {
      let pid = try await bus.run(
        "gdbus",
        [
          "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
          "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", "org.mpris.MediaPlayer2.\(name)",
        ])
      guard pid.status == 0, let process = Self.firstNumber(after: "uint32 ", in: pid.output) else {
        throw TestFailure("the process of \(name): \(pid.output) \(pid.error)")
      }
      processes[name] = process
      let metadata = try await bus.run(
        "gdbus",
        [
          "call", "--session", "--dest", "org.mpris.MediaPlayer2.\(name)", "--object-path",
          "/org/mpris/MediaPlayer2", "--method", "org.freedesktop.DBus.Properties.Get",
          "org.mpris.MediaPlayer2.Player", "Metadata",
        ])
      guard metadata.status == 0 else { throw TestFailure("the Metadata of \(name): \(metadata.error)") }
      if let process = Self.firstNumber(after: "'kde:pid': <", in: metadata.output) { named.insert(process) }
    }
    return Dictionary(uniqueKeysWithValues: names.map { ($0, named.contains(processes[$0] ?? 0) ? 0 : 1) })
  }

  /// The digits that follow `prefix` in `text` (after an optional GVariant type word), if any.
  private static func firstNumber(after prefix: String, in text: String) -> UInt32? {
    guard let start = text.range(of: prefix) else { return nil }
    var rest = text[start.upperBound...]
    if rest.first?.isLetter == true, let space = rest.firstIndex(of: " ") {
      rest = rest[rest.index(after: space)...]
    }
    return UInt32(rest.prefix { $0.isNumber })
  }

  /// Presses the `mediacontrol` shortcut `shortcut` (`playpausemedia`, `nextmedia`,
  /// `previousmedia`, `stopmedia`) through kglobalaccel.
  func press(_ shortcut: String) async throws {
    let result = try await bus.run(
      "gdbus",
      [
        "call", "--session", "--dest", "org.kde.kglobalaccel", "--object-path", "/component/mediacontrol",
        "--method", "org.kde.kglobalaccel.Component.invokeShortcut", shortcut,
      ])
    guard result.status == 0 else { throw TestFailure("invokeShortcut \(shortcut): \(result.error)") }
  }

  /// The engine's last lines about its pick ("Switching from", "best player"), for a failure.
  func picks() -> String {
    applet.standardOutput.split(separator: "\n").filter {
      $0.contains("Switching") || $0.contains("best player") || $0.contains("switching")
    }.suffix(20).joined(separator: "\n")
  }
}
