import BusTestSupport
import Foundation
import HubAPI
import Testing

/// Play with nothing playing brings back the last Now Playing app, as iOS's lock screen and
/// headset do: on a bus of the test's own whose services folder the test fills (D-Bus
/// activation), with desktop files in an `applications` folder of the test's own, and the hub's
/// state folder of its own, so that it remembers the app across its restarts.
@Suite(
  "Play with nothing playing brings back the last Now Playing app", .serialized,
  .enabled(if: HubTools.canRun), .leavesNoChildProcesses, .timeLimit(.minutes(4)))
struct RelaunchTests {
  /// A bus with a services folder, the folders the hub and the apps use, and the hub.
  final class Stage: @unchecked Sendable {
    // Safe: only the test's own task touches `hub`, one step after another.
    let folder: URL
    let bus: ConfiguredBus
    var hub: ChildProcess?

    static let proxyName = "org.mpris.MediaPlayer2.remotectld"
    static let hubName = "\(HubAddress.busName)"
    static let relaunchInterface = Relaunch1.interface

    init(folder: URL, bus: ConfiguredBus) {
      self.folder = folder
      self.bus = bus
    }

    var services: URL { folder.appendingPathComponent("services") }
    var applications: URL { folder.appendingPathComponent("data/applications") }

    /// What the hub and every app get: the bus, and folders of the test's own.
    static func environment(in folder: URL, bus: String) -> [String: String] {
      [
        "DBUS_SESSION_BUS_ADDRESS": bus, "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
        "XDG_DATA_DIRS": folder.appendingPathComponent("system-data").path,
        "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
        "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
        "XDG_RUNTIME_DIR": folder.appendingPathComponent("runtime").path,
      ]
    }

    var environment: [String: String] { Self.environment(in: folder, bus: bus.address) }

    /// Starts remotectld with the proxy player published, and waits for its names.
    func startHub(_ arguments: [String] = []) async throws {
      let hub = try ChildProcess(
        HubTools.remotectld,
        ["--log-level", "debug", "--no-http", "--no-bridge", "--proxy", "on"] + arguments,
        environment: environment)
      self.hub = hub
      try await bus.waitForName(Self.hubName)
      try await bus.waitForName(Self.proxyName)
    }

    /// Stops the hub and waits until its name is gone.
    func stopHub() async throws {
      guard let hub else { return }
      self.hub = nil
      _ = await hub.terminate()
      try await eventually("the hub's name to go") {
        try await bus.processIdentifier(of: Self.hubName) == nil
      }
    }

    /// `gdbus call` on the bus, however it ends.
    func call(_ destination: String, _ method: String, _ arguments: [String] = []) async throws
      -> ClientResult
    {
      try await bus.run(
        "gdbus",
        [
          "call", "--address", bus.address, "--dest", destination, "--object-path", "/org/mpris/MediaPlayer2",
          "--method", method,
        ] + arguments)
    }

    /// A property of the hub's relauncher.
    func relaunchProperty(_ name: String) async throws -> String {
      let result = try await call(
        Self.hubName, "org.freedesktop.DBus.Properties.Get", [Self.relaunchInterface, name])
      guard result.status == 0 else { throw TestFailure("Get \(name): \(result.error)") }
      return result.output
    }

    /// The player `name`'s PlaybackStatus, or the error gdbus printed.
    func status(_ name: String) async throws -> String {
      let result = try await call(
        name, "org.freedesktop.DBus.Properties.Get", ["org.mpris.MediaPlayer2.Player", "PlaybackStatus"])
      return result.status == 0
        ? PrivateBus.quotedStrings(in: result.output).first ?? result.output : result.error
    }

    /// The hub's Players.
    func players() async throws -> [String] {
      let result = try await call(
        Self.hubName, "org.freedesktop.DBus.Properties.Get",
        [Hub1.interface, Hub1.Property.players])
      return PrivateBus.quotedStrings(in: result.output)
    }

    /// binaural as `name`, started by the test: it plays, becomes Now Playing, and the hub
    /// remembers it; then it quits and the hub lists no player.
    func seeNowPlayingThenQuit(_ name: String) async throws {
      let busName = "org.mpris.MediaPlayer2.\(name)"
      let player = try ChildProcess(
        HubTools.binaural, ["--output", "null", "--headless", "--name", name], environment: environment,
        standardError: .file("/dev/null"))
      try await bus.waitForName(busName)
      let play = try await call(busName, "org.mpris.MediaPlayer2.Player.Play")
      #expect(play.status == 0, "\(play)")
      try await eventually("the hub to remember \(busName) and its desktop entry") {
        let last = try await relaunchProperty("LastPlayer")
        let entry = try await relaunchProperty("LastDesktopEntry")
        return last.contains("'\(busName)'") && entry.contains("'binaural'")
      }
      _ = await player.terminate()
      try await eventually("the hub to list no player") { try await players().isEmpty }
    }

    /// Stops the relaunched binaural `name` (not a child of the test: the bus or the hub started
    /// it), and waits until it is gone.
    func stopRelaunched(_ name: String) async throws {
      guard let pid = try await bus.processIdentifier(of: "org.mpris.MediaPlayer2.\(name)") else { return }
      kill(pid, SIGTERM)
      try await eventually("the relaunched binaural (pid \(pid)) to end") { !ChildProcess.isRunning(pid) }
      try await eventually("the hub to list no player") { try await players().isEmpty }
    }

    /// `remotectl doctor`'s output.
    func doctor() async throws -> String {
      let result = try await ChildProcess.run(
        BuiltProducts.remotectl, ["doctor"],
        environment: environment)
      return result.output + result.error
    }
  }

  /// binaural as `org.mpris.MediaPlayer2.activated`, a service the bus starts on a call to it.
  static let activatedBinaural = [
    "org.mpris.MediaPlayer2.activated.service": """
    [D-BUS Service]
    Name=org.mpris.MediaPlayer2.activated
    Exec=\(HubTools.binaural) --output null --headless --name activated

    """
  ]

  /// A stage with `services` written in its services folder, `desktopFiles` in its applications
  /// folder; everything stops after `body`.
  func withStage(
    services: [String: String] = [:], desktopFiles: [String: String] = [:],
    _ body: (Stage) async throws -> Void
  ) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("relaunch-\(UUID().uuidString.prefix(8))", isDirectory: true)
    let servicesFolder = folder.appendingPathComponent("services")
    let applications = folder.appendingPathComponent("data/applications")
    for directory in [servicesFolder, applications, folder.appendingPathComponent("runtime")] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in services {
      try text.write(to: servicesFolder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    for (name, text) in desktopFiles {
      try text.write(to: applications.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    // The bus's own environment is what D-Bus activation starts programs with.
    let bus = try await ConfiguredBus.start(
      .session, in: folder, servicesDirectory: servicesFolder,
      environment: Stage.environment(in: folder, bus: "unix:path=\(folder.path)/bus"))
    let stage = Stage(folder: folder, bus: bus)
    do {
      try await body(stage)
    } catch {
      let log = stage.hub?.standardError ?? ""
      try? await stage.stopHub()
      await bus.stop()
      throw TestFailure("\(error)\nremotectld's log:\n\(log)")
    }
    try await stage.stopHub()
    await bus.stop()
  }

  /// How many relaunches a test measures (`RELAUNCH_ROUNDS`, 3 by default).
  static var rounds: Int {
    ProcessInfo.processInfo.environment["RELAUNCH_ROUNDS"].flatMap(Int.init).map { max(1, $0) } ?? 3
  }

  static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }

  static func summary(_ values: [Double]) -> String {
    let sorted = values.sorted()
    return String(
      format: "p50 %.1f ms, min %.1f ms, max %.1f ms over %d", sorted[sorted.count / 2], sorted[0],
      sorted[sorted.count - 1], sorted.count)
  }

  /// Plays through the proxy with no player, `rounds` times, each time stopping the app after;
  /// returns the times from the call to `name` playing.
  func measureRelaunches(_ stage: Stage, name: String) async throws -> [Double] {
    var times: [Double] = []
    for _ in 1...Self.rounds {
      let clock = ContinuousClock()
      let began = clock.now
      let play = try await stage.call(Stage.proxyName, "org.mpris.MediaPlayer2.Player.Play")
      try #require(play.status == 0, "Play through the proxy: \(play)")
      try await eventually("the relaunched \(name) to play") {
        try await stage.status("org.mpris.MediaPlayer2.\(name)") == "Playing"
      }
      times.append(Self.milliseconds(clock.now - began))
      try await stage.stopRelaunched(name)
    }
    return times
  }

  /// How long binaural takes to own its name when started directly, `rounds` times.
  func measureDirectStarts(_ stage: Stage) async throws -> [Double] {
    var times: [Double] = []
    for round in 1...Self.rounds {
      let clock = ContinuousClock()
      let began = clock.now
      let player = try ChildProcess(
        HubTools.binaural, ["--output", "null", "--headless", "--name", "direct\(round)"],
        environment: stage.environment, standardError: .file("/dev/null"))
      try await stage.bus.waitForName("org.mpris.MediaPlayer2.direct\(round)")
      times.append(Self.milliseconds(clock.now - began))
      _ = await player.terminate()
    }
    return times
  }

  @Test
  func
    `a D-Bus-activatable player seen as Now Playing is started by Play through the proxy, after a hub restart too, and plays`()
    async throws
  {
    try await withStage(services: Self.activatedBinaural) { stage in
      try await stage.startHub()
      try await stage.seeNowPlayingThenQuit("activated")
      let doctor = try await stage.doctor()
      #expect(
        doctor.contains(
          "play with no player starts the last Now Playing app, Binaural: D-Bus activation of org.mpris.MediaPlayer2.activated"
        ), "\(doctor)")
      // A hub started afresh (as D-Bus activation on the key press would) remembers it.
      try await stage.stopHub()
      try await stage.startHub()
      #expect(try await stage.relaunchProperty("LastPlayer").contains("'org.mpris.MediaPlayer2.activated'"))
      let relaunched = try await measureRelaunches(stage, name: "activated")
      // The headset button's click, with no player, brings it back too.
      for method in ["Press", "Release"] {
        let result = try await stage.call(Stage.hubName, "\(Button1.interface).\(method)")
        #expect(result.status == 0, "\(result)")
      }
      try await eventually("the headset button's click to bring back binaural, playing") {
        try await stage.status("org.mpris.MediaPlayer2.activated") == "Playing"
      }
      try await stage.stopRelaunched("activated")
      let direct = try await measureDirectStarts(stage)
      print("  Play with nothing running → the activated binaural Playing: \(Self.summary(relaunched))")
      print("  binaural started directly → its name owned: \(Self.summary(direct))")
    }
  }

  @Test
  func
    `a player with a desktop file and no activation file is started from its Exec by Play through the proxy, and plays`()
    async throws
  {
    // binaural's DesktopEntry is `binaural`; field codes go, quotes keep a word whole.
    let desktop = """
      [Desktop Entry]
      Type=Application
      Name=Binaural
      Exec=\(HubTools.binaural) --output null --headless --name "fromdesktop" %U

      [Desktop Action other]
      Exec=/bin/false
      """
    try await withStage(desktopFiles: ["binaural.desktop": desktop]) { stage in
      try await stage.startHub()
      try await stage.seeNowPlayingThenQuit("fromdesktop")
      try await eventually("the hub's plan to run the desktop file's Exec") {
        try await stage.relaunchProperty("Plan").contains(
          "\(HubTools.binaural) --output null --headless --name fromdesktop (the Exec of ")
      }
      let doctor = try await stage.doctor()
      #expect(doctor.contains("play with no player starts the last Now Playing app, Binaural: "), "\(doctor)")
      let relaunched = try await measureRelaunches(stage, name: "fromdesktop")
      print(
        "  Play with nothing running → binaural from its desktop file Playing: \(Self.summary(relaunched))")
      // remotectl's play-pause with no player asks the hub, which brings it back too.
      let remotectl = try await ChildProcess.run(
        BuiltProducts.remotectl, ["play-pause"],
        environment: stage.environment)
      #expect(remotectl.status == 0, "\(remotectl)")
      #expect(try await stage.status("org.mpris.MediaPlayer2.fromdesktop") == "Playing")
      try await stage.stopRelaunched("fromdesktop")
    }
  }

  /// Runs `body` on a stage where ``ActivatableApp`` has its desktop file and is D-Bus
  /// activatable (its player coming `when` the program's argument says), the hub runs, and the
  /// app has been Now Playing and quit (``seeActivatableAppNowPlayingThenQuit(_:)``).
  func withActivatableAppGone(when: String, _ body: (Stage) async throws -> Void) async throws {
    try await withStage(
      services: ["\(ActivatableApp.id).service": ActivatableApp.service(when: when)],
      desktopFiles: ["\(ActivatableApp.id).desktop": ActivatableApp.desktopFile]
    ) { stage in
      try await stage.startHub()
      try await seeActivatableAppNowPlayingThenQuit(stage)
      try await body(stage)
    }
  }

  /// ``ActivatableApp``, started by the test, plays and becomes Now Playing, and the hub
  /// remembers it; then it quits, and the hub plans to activate it.
  func seeActivatableAppNowPlayingThenQuit(_ stage: Stage) async throws {
    let app = try ChildProcess(
      PrivateBus.python3, [ActivatableApp.script, ActivatableApp.id, "now"],
      environment: stage.environment.merging(ActivatableApp.environment) { $1 },
      standardError: .file("/dev/null"))
    try await stage.bus.waitForName(ActivatableApp.playerName)
    let play = try await stage.call(ActivatableApp.playerName, "org.mpris.MediaPlayer2.Player.Play")
    #expect(play.status == 0, "\(play)")
    try await eventually("the hub to remember the app's desktop entry") {
      try await stage.relaunchProperty("LastDesktopEntry").contains("'\(ActivatableApp.id)'")
    }
    _ = await app.terminate()
    try await eventually("the hub to list no player") { try await stage.players().isEmpty }
    try await eventually("the hub's plan to activate the app") {
      try await stage.relaunchProperty("Plan").contains(
        "org.freedesktop.Application.Activate on \(ActivatableApp.id)")
    }
  }

  @Test func `a DBusActivatable app is activated through org.freedesktop.Application, and plays`()
    async throws
  {
    try await withActivatableAppGone(when: "activate") { stage in
      let play = try await stage.call(Stage.proxyName, "org.mpris.MediaPlayer2.Player.Play")
      #expect(play.status == 0, "\(play)")
      try await eventually("the activated app to play") {
        try await stage.status(ActivatableApp.playerName) == "Playing"
      }
      // Started by the bus for the Activate call, not from the desktop file's Exec.
      let pid = try #require(try await stage.bus.processIdentifier(of: ActivatableApp.id))
      #expect(try await stage.bus.processIdentifier(of: ActivatableApp.playerName) == pid)
      try await stage.stopRelaunched("tones")
    }
  }

  @Test func `an app started that never becomes a player: Play gives up after 10 s and says why`()
    async throws
  {
    try await withActivatableAppGone(when: "never") { stage in
      let clock = ContinuousClock()
      let began = clock.now
      let play = try await stage.call(Stage.proxyName, "org.mpris.MediaPlayer2.Player.Play")
      let waited = clock.now - began
      #expect(play.status != 0)
      #expect(play.error.contains("\(Hub1.ErrorName.noPlayer)"), "\(play.error)")
      let plan = "org.freedesktop.Application.Activate on \(ActivatableApp.id)"
      #expect(play.error.contains("Tones was started (\(plan)"), "\(play.error)")
      #expect(play.error.contains("is not on the bus as a player after 10"), "\(play.error)")
      #expect(waited >= .seconds(10), "gave up after \(waited)")
      if let pid = try await stage.bus.processIdentifier(of: ActivatableApp.id) { kill(pid, SIGTERM) }
    }
  }

  @Test
  func
    `with relaunching off, by flag or by file, Play with no player starts nothing and fails with NoPlayer`()
    async throws
  {
    try await withStage(services: Self.activatedBinaural) { stage in
      let configuration = stage.folder.appendingPathComponent("remotectld.conf")
      try "relaunch = no\n".write(to: configuration, atomically: true, encoding: .utf8)
      for arguments in [["--no-relaunch"], ["--config", configuration.path]] {
        try await stage.startHub(arguments)
        try await stage.seeNowPlayingThenQuit("activated")
        #expect(try await stage.relaunchProperty("Enabled").contains("false"))
        let play = try await stage.call(Stage.proxyName, "org.mpris.MediaPlayer2.Player.Play")
        #expect(play.status != 0)
        #expect(play.error.contains("\(Hub1.ErrorName.noPlayer)"), "\(play.error)")
        #expect(play.error.contains("no MPRIS player is on the bus"), "\(play.error)")
        // The call was answered at once: had the hub started the player, it would be on the bus now.
        #expect(try await stage.bus.processIdentifier(of: "org.mpris.MediaPlayer2.activated") == nil)
        #expect(try await stage.players().isEmpty)
        let doctor = try await stage.doctor()
        #expect(doctor.contains("play with no player starts nothing: relaunching is off"), "\(doctor)")
        try await stage.stopHub()
      }
    }
  }
}
