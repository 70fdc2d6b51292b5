import BrowserTestSupport
import BusTestSupport
import Foundation
import Testing

/// The players people use, run for real as the unprivileged user, each playing a tone on the
/// default sink (the headphones) and publishing MPRIS itself.
enum RealPlayer: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// Chromium, headless, with its own sandbox on (it refuses to start as a normal user when it
  /// cannot sandbox), playing an `<audio>` element; it publishes
  /// `org.mpris.MediaPlayer2.chromium.instanceN` and plays from its audio-service process.
  case chromium
  /// Firefox ESR, headless, playing the same page; it publishes
  /// `org.mpris.MediaPlayer2.firefox.instance_…` (`media.hardwaremediakeys.enabled`).
  case firefox
  /// VLC's `cvlc --intf dummy` with its D-Bus control interface, looping the tone file.
  case vlc
  /// mpv with mpv-mpris, playing a sine.
  case mpv
  /// mpv with mpv-mpris inside a Flatpak-shaped sandbox (``FlatpakSandbox``).
  case flatpakMPV

  var testDescription: String {
    switch self {
    case .chromium: "Chromium"
    case .firefox: "Firefox ESR"
    case .vlc: "VLC"
    case .mpv: "mpv"
    case .flatpakMPV: "mpv in a Flatpak sandbox"
    }
  }

  /// The programs it needs, where Debian installs them.
  var programs: [String] {
    switch self {
    case .chromium: ["/usr/bin/chromium"]
    case .firefox: ["/usr/bin/firefox-esr"]
    case .vlc: ["/usr/bin/cvlc"]
    case .mpv: ["/usr/bin/mpv"]
    case .flatpakMPV: ["/usr/bin/mpv", "/usr/bin/bwrap", "/usr/bin/xdg-dbus-proxy"]
    }
  }

  /// Whether it is installed (mpv-mpris too, for the mpv ones).
  var isInstalled: Bool { requirement.isMet }

  /// Its programs, each with the Debian package that installs it (and mpv-mpris for the mpv
  /// ones), for a test's gate.
  var requirement: Requirement {
    let packages = [
      "/usr/bin/chromium": "chromium", "/usr/bin/firefox-esr": "firefox-esr", "/usr/bin/cvlc": "vlc-bin",
      "/usr/bin/mpv": "mpv", "/usr/bin/bwrap": "bubblewrap", "/usr/bin/xdg-dbus-proxy": "xdg-dbus-proxy",
    ]
    let programs = programs.map { Requirement.file($0, debianPackage: packages[$0] ?? "an unknown package") }
    let mpris = [.mpv, .flatpakMPV].contains(self) ? Requirement.mpvMPRIS : Requirement.nothing
    return programs.reduce(mpris, &&)
  }

  /// The installed players, or those of them named (by their raw values, comma-separated) in
  /// `REAL_PLAYERS`: `REAL_PLAYERS=vlc,flatpakMPV swift test --filter RealPlayerTests`.
  static var selected: [RealPlayer] {
    let named = ProcessInfo.processInfo.environment["REAL_PLAYERS"].map {
      $0.split(separator: ",").map(String.init)
    }
    return allCases.filter { $0.isInstalled && named?.contains($0.rawValue) != false }
  }

  /// The start of the bus name it takes (the rest is its instance, when it has one).
  var busNamePrefix: String {
    switch self {
    case .chromium: "org.mpris.MediaPlayer2.chromium.instance"
    case .firefox: "org.mpris.MediaPlayer2.firefox.instance"
    case .vlc: "org.mpris.MediaPlayer2.vlc"
    case .mpv, .flatpakMPV: "org.mpris.MediaPlayer2.mpv"
    }
  }

  /// Starts it on `stage`; returns once it owns its bus name, says it is Playing, and its stream
  /// plays on the headphones. A browser first waits for one of the few browser slots of the run.
  func start(on stage: PlayerStage) async throws -> RunningPlayer {
    let slot = [.chromium, .firefox].contains(self) ? await BrowserSlots.shared.take() : nil
    let processes: [ChildProcess]
    do {
      processes = try await launch(on: stage)
    } catch {
      slot?.give()
      throw error
    }
    let running = RunningPlayer(player: self, processes: processes, slot: slot, busName: "")
    do {
      let name = try await eventually("\(self) to take a bus name", within: .seconds(60)) {
        () async throws -> String? in
        if let ended = processes.first(where: { $0.exitStatus != nil }) {
          throw TestFailure("\(ended.commandLine) ended (\(ended.exitStatus ?? 0)) before playing")
        }
        return try await stage.bus.names().first { $0.hasPrefix(busNamePrefix) }
      }
      let player = RunningPlayer(player: self, processes: processes, slot: slot, busName: name)
      // A browser on a loaded machine may take a while to load the page and start playing.
      try await eventually(
        "\(self) to say it is Playing", within: .seconds(60), { try await player.status(on: stage) },
        until: { $0 == "Playing" })
      try await eventually("\(self)'s stream on the headphones", within: .seconds(30)) {
        try await !stage.streamsOnHeadphones().isEmpty
      }
      return player
    } catch {
      await running.stop()
      throw TestFailure("\(error)\n\(self)'s log:\n\(stage.log(of: self).suffix(3000))")
    }
  }

  /// Starts its processes.
  private func launch(on stage: PlayerStage) async throws -> [ChildProcess] {
    let environment = stage.playerEnvironment
    let log = stage.logPath(rawValue)
    switch self {
    case .chromium:
      let page = try await stage.tonePage()
      return [
        try stage.user.start(
          "/usr/bin/chromium",
          [
            "--headless=new", "--user-data-dir=\(stage.home.appendingPathComponent("chromium").path)",
            "--autoplay-policy=no-user-gesture-required", "--no-first-run", "--no-default-browser-check",
            "--disable-gpu", "--disable-extensions", "--disable-background-networking", page,
          ], environment: environment, log: log)
      ]
    case .firefox:
      let page = try await stage.tonePage()
      let profile = try stage.user.makeFolder(at: stage.home.appendingPathComponent("firefox"))
      let preferences = profile.appendingPathComponent("user.js")
      try Self.firefoxPreferences.write(to: preferences, atomically: true, encoding: .utf8)
      try stage.user.own(preferences.path)
      return [
        try stage.user.start(
          "/usr/bin/firefox-esr", ["--headless", "--no-remote", "--profile", profile.path, page],
          environment: environment, log: log)
      ]
    case .vlc:
      let tone = try await stage.toneFile()
      return [
        try stage.user.start(
          "/usr/bin/cvlc",
          ["--intf", "dummy", "--control", "dbus", "--aout", "pulse", "--loop", "--no-video", tone.path],
          environment: environment, log: log)
      ]
    case .mpv:
      return [
        try stage.user.start("/usr/bin/mpv", Self.mpvArguments, environment: environment, log: log)
      ]
    case .flatpakMPV:
      return try await FlatpakSandbox.start(
        appID: "io.mpv.Mpv", ownNames: ["org.mpris.MediaPlayer2.mpv", "org.mpris.MediaPlayer2.mpv.*"],
        command: ["/usr/bin/mpv"] + Self.mpvArguments, on: stage)
    }
  }

  /// mpv with mpv-mpris, playing a sine at once.
  static var mpvArguments: [String] {
    [
      "--no-config", "--idle=yes", "--script=\(MPVPlugin.mpris ?? "")", "--no-video", "--ao=pulse",
      "--no-terminal", "av://lavfi:sine",
    ]
  }

  /// Firefox's preferences: autoplay allowed, MPRIS on (`media.hardwaremediakeys.enabled`, its
  /// default), no first-run pages.
  static let firefoxPreferences = """
    user_pref("media.autoplay.default", 0);
    user_pref("media.autoplay.blocking_policy", 0);
    user_pref("media.hardwaremediakeys.enabled", true);
    user_pref("browser.shell.checkDefaultBrowser", false);
    user_pref("browser.aboutwelcome.enabled", false);
    user_pref("datareporting.policy.dataSubmissionEnabled", false);
    user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
    user_pref("app.update.enabled", false);
    """
}

/// A real player that runs: its processes, its bus name, its browser slot.
struct RunningPlayer: Sendable {
  let player: RealPlayer
  let processes: [ChildProcess]
  let slot: BrowserSlots.Ticket?
  /// Its full bus name.
  let busName: String

  /// The name playerctl's `--player` takes.
  var playerctlName: String { String(busName.dropFirst("org.mpris.MediaPlayer2.".count)) }

  /// Its PlaybackStatus, as the bus gives it (`busctl get-property`), or what went wrong.
  func status(on stage: PlayerStage) async throws -> String {
    let read = try await stage.bus.run(
      "busctl",
      [
        "--address=\(stage.bus.address)", "get-property", busName, "/org/mpris/MediaPlayer2",
        "org.mpris.MediaPlayer2.Player", "PlaybackStatus",
      ])
    // `s "Playing"`
    let fields = read.output.split(separator: "\"")
    guard read.status == 0, fields.count >= 2 else { return "unreadable: \(read.error)" }
    return String(fields[1])
  }

  /// Stops its processes (the last one started first), and gives its browser slot back.
  func stop() async {
    for process in processes.reversed() { await process.terminate() }
    slot?.give()
  }
}

extension PlayerStage {
  /// What `player` wrote to its standard error.
  func log(of player: RealPlayer) -> String {
    (try? String(contentsOfFile: logPath(player.rawValue), encoding: .utf8)) ?? ""
  }
}

extension PrivateBus {
  /// The names on the bus, as the bus lists them (`ListNames`).
  func names() async throws -> [String] {
    let reply = try await run("busctl", ["--address=\(address)", "list", "--no-legend", "--acquired"])
    return reply.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
  }
}
