import BusTestSupport
import Foundation
import SoundTestSupport

/// Where a real player plays, as on a desktop: a sound server with a "headphones" sink (the
/// default, where players play) beside a "speakers" one, a session bus that the player's
/// unprivileged user may use too, playerctld running on it from the start, and the hub, started
/// when the test says. Everything stops with ``stop()``, whatever happened before.
final class PlayerStage: Sendable {
  /// The sound server.
  let server: SoundServerUnderTest
  /// Which sound server.
  let kind: SoundServerUnderTest.Kind
  /// The session bus.
  let bus: PrivateBus
  /// The user the players run as.
  let user: PlayerUser
  /// A home of the player's user for this test only: profiles, caches, the page and its tone.
  let home: URL
  /// `pactl subscribe`, every line stamped as it arrived.
  let events: TimedLines
  /// Debian's playerctld, started before anything plays.
  let playerctld: ChildProcess
  /// The "headphones" sink's module, to unload it.
  let headphonesModule: String
  /// The "headphones" sink's index, as events name it.
  let headphonesIndex: String

  private init(
    server: SoundServerUnderTest, kind: SoundServerUnderTest.Kind, bus: PrivateBus, user: PlayerUser,
    home: URL,
    events: TimedLines, playerctld: ChildProcess, headphonesModule: String, headphonesIndex: String
  ) {
    self.server = server
    self.kind = kind
    self.bus = bus
    self.user = user
    self.home = home
    self.events = events
    self.playerctld = playerctld
    self.headphonesModule = headphonesModule
    self.headphonesIndex = headphonesIndex
  }

  /// The sound server of `kind` (PulseAudio with `module-role-cork`, as Debian's default.pa loads
  /// it; PipeWire's pulse server as it comes), its sinks, the bus and playerctld; then `body`, then
  /// everything stopped, whatever `body` did.
  static func run<Result: Sendable>(
    on kind: SoundServerUnderTest.Kind, _ body: (PlayerStage) async throws -> Result
  ) async throws -> Result {
    let user = try await PlayerUser.ensure()
    let server = try await SoundServerUnderTest.start(
      kind, loading: kind == .pulseAudio ? ["module-role-cork"] : [])
    var bus: PrivateBus?
    var events: TimedLines?
    var home: URL?
    do {
      try server.admitEveryUser()
      let started = try await PrivateBus.start(admittingEveryUser: true)
      bus = started
      let folder = try user.makeFolder("player-home")
      home = folder
      _ = try await server.pactl("load-module", "module-null-sink", "sink_name=speakers")
      let module = try await server.pactl("load-module", "module-null-sink", "sink_name=headphones")
      let index = try await server.sinkIndex("headphones")
      try await server.setDefaultSink("headphones")
      let subscription = try TimedLines(
        "stdbuf", ["-oL", "pactl", "subscribe"], environment: server.environment)
      events = subscription
      // Subscribed once it reports a change made after it started: the speakers' volume, set
      // again (to another value each time) until it does.
      let speakers = try await server.sinkIndex("speakers")
      var volume = 90
      try await eventually("pactl subscribe to report a change of the speakers") {
        volume = volume == 90 ? 91 : 90
        _ = try await server.pactl("set-sink-volume", "speakers", "\(volume)%")
        return !subscription.all(after: 0) { $0.contains("on sink #\(speakers)") }.isEmpty
      }
      let playerctld = try started.start(
        "/usr/bin/playerctld", [],
        standardError: .file(started.directory.appendingPathComponent("playerctld.log").path))
      try await started.waitForName("org.mpris.MediaPlayer2.playerctld")
      let stage = PlayerStage(
        server: server, kind: kind, bus: started, user: user, home: folder, events: subscription,
        playerctld: playerctld, headphonesModule: module, headphonesIndex: index)
      let result = try await body(stage)
      await stage.stop()
      return result
    } catch {
      await events?.stop()
      await bus?.stop()
      await server.stop()
      if let home { try? FileManager.default.removeItem(at: home) }
      throw error
    }
  }

  /// Stops the players, the hub and playerctld (all started on the bus), the bus, the
  /// subscription and the sound server, and removes the home.
  private func stop() async {
    await events.stop()
    await bus.stop()
    await server.stop()
    try? FileManager.default.removeItem(at: home)
  }

  // MARK: - The hub

  /// remotectld's log.
  var hubLog: String {
    bus.hubLog
  }

  /// playerctld's log.
  var playerctldLog: String {
    (try? String(contentsOf: bus.directory.appendingPathComponent("playerctld.log"), encoding: .utf8)) ?? ""
  }

  /// Starts the hub as `make install` runs it (no web remote, which would take a port), watching
  /// this sound server, with `arguments` (such as `--exclusive`) after its own; returns once it
  /// owns its name.
  @discardableResult
  func startHub(_ arguments: [String] = []) async throws -> ChildProcess {
    let folder = bus.directory.appendingPathComponent("hub")
    var environment = ["PULSE_SERVER": server.address]
    for (name, sub) in [
      ("XDG_STATE_HOME", "state"), ("XDG_CONFIG_HOME", "config"), ("XDG_RUNTIME_DIR", "run"),
    ] {
      let path = folder.appendingPathComponent(sub)
      try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
      environment[name] = path.path
    }
    // No web remote and an ephemeral bridge port: parallel runs would take the same ports.
    return try await bus.startHub(["--no-http", "--bridge-port", "0"] + arguments, environment: environment)
  }

  // MARK: - What players need

  /// The environment a player runs in as the user: this bus and sound server, and its home
  /// for everything per user, temporary files included (`TMPDIR`: Chromium's
  /// `org.chromium.Chromium.…`), so that they go with the home. libpulse's runtime folder is the
  /// home's too (`XDG_RUNTIME_DIR/pulse`), not the bus's, which only root may write in.
  var playerEnvironment: [String: String] {
    var environment = bus.environment
    environment["PULSE_SERVER"] = server.address
    environment["PULSE_RUNTIME_PATH"] = nil
    for name in ["HOME", "XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "TMPDIR"] {
      environment[name] = home.path
    }
    return environment
  }

  /// A file of the player's log, in its home.
  func logPath(_ name: String) -> String { home.appendingPathComponent("\(name).log").path }

  /// A looped-tone page (`page.html`, an `<audio autoplay loop>` of ``toneFile()``) in the home;
  /// its `file://` address.
  func tonePage() async throws -> String {
    let tone = try await toneFile()
    let page = home.appendingPathComponent("page.html")
    try """
    <!doctype html>
    <title>Tone</title>
    <audio src="\(tone.lastPathComponent)" loop autoplay></audio>
    """.write(to: page, atomically: true, encoding: .utf8)
    try user.own(page.path)
    return page.absoluteString
  }

  /// A 440 Hz tone made with sox (`tone.wav`) in the home, made once. It lasts 5 minutes, longer
  /// than any run, for VLC announces Stopped then Playing each time its `--loop` starts the file
  /// again, which would read as flapping; at 8 kHz, 8-bit mono, sox makes it in about a second.
  func toneFile() async throws -> URL {
    let tone = home.appendingPathComponent("tone.wav")
    if !FileManager.default.fileExists(atPath: tone.path) {
      let made = try await ChildProcess.run(
        "sox",
        [
          "-n", "-r", "8000", "-c", "1", "-b", "8", "-e", "unsigned-integer", tone.path, "synth", "300",
          "sine", "440",
          "vol", "0.3",
        ])
      guard made.status == 0 else { throw TestFailure("sox could not make the tone: \(made)") }
      try user.own(tone.path)
    }
    return tone
  }

  // MARK: - The sound server

  /// The sink inputs on the headphones, as `pactl list short sink-inputs` lists them.
  func streamsOnHeadphones() async throws -> [String] {
    let index = try await server.sinkIndex("headphones")
    return try await server.pactl("list", "short", "sink-inputs").split(separator: "\n")
      .filter { $0.split(separator: "\t").dropFirst().first.map(String.init) == index }.map(String.init)
  }

  /// Unloads the headphones' sink, as unplugging them does.
  func unplugHeadphones() async throws {
    _ = try await server.pactl("unload-module", headphonesModule)
  }

  /// Loads a headphones sink again, as plugging them back does; its module.
  @discardableResult
  func plugHeadphonesBack() async throws -> String {
    try await server.pactl("load-module", "module-null-sink", "sink_name=headphones")
  }

  /// A call: silence played as a phone stream, as a softphone plays its call.
  func call() throws -> ChildProcess {
    try ChildProcess(
      "pacat", ["--raw", "--property=media.role=phone", "/dev/zero"], environment: server.environment)
  }
}

extension SoundServerUnderTest {
  /// Lets other users reach the server's socket: every folder above it, up to the temporary
  /// folder, may be entered (not listed) by them. The servers make their runtime folders private.
  func admitEveryUser() throws {
    guard address.hasPrefix("unix:") else { throw TestFailure("not a Unix socket: \(address)") }
    let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path
    var folder = URL(fileURLWithPath: String(address.dropFirst("unix:".count))).deletingLastPathComponent()
    while folder.path.hasPrefix(temporary + "/") {
      let mode =
        (try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int) ?? 0o700
      try FileManager.default.setAttributes([.posixPermissions: mode | 0o011], ofItemAtPath: folder.path)
      folder = folder.deletingLastPathComponent()
    }
  }

  /// The index of the sink named `name`, as `pactl list short sinks` lists it.
  func sinkIndex(_ name: String) async throws -> String {
    let sinks = try await pactl("list", "short", "sinks").split(separator: "\n")
    guard let line = sinks.first(where: { $0.split(separator: "\t").dropFirst().first == Substring(name) }),
      let index = line.split(separator: "\t").first
    else { throw TestFailure("no sink named \(name) among \(sinks)") }
    return String(index)
  }
}
