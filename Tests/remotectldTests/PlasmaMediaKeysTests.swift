import BusTestSupport
import Foundation
import Testing

/// Plasma 5.27's media keys, end to end: the real kglobalaccel daemon runs the Media Player
/// applet's `mediacontrol` shortcuts, and the applet's mpris2 engine sends each key to the player
/// its multiplexer picked (`PlasmaMediaController`). The hub runs beside it as it runs under
/// plasmashell: `--proxy auto` with `org.kde.plasmashell` owned (by a stand-in for the name alone:
/// plasmawindowed does not own it), so it publishes the Now Playing player for the keys as
/// player for the keys (playerctld's name) and no proxy (`MediaKeysTarget`).
///
/// A phone's player is the hub's own relay of a device's `org.bluez.MediaPlayer1` (bluetoothd's
/// double, `BlueZDouble`, on a system bus of the hub's: the kernel here has no Bluetooth), saying
/// "Playing" of the phone's sound. The other players are python3-dbus players that hold still
/// (`holding_still_players.py`), named
/// as the programs they stand for publish theirs: phone remotes of GSConnect's, Valent's and KDE
/// Connect's (their sound on a phone), a browser tab (Chromium's name), an AirPlay receiver's
/// (shairport-sync's name). The multiplexer's pick reads names, `PlaybackStatus` and, for
/// plasma-browser-integration, `kde:pid` and the owner's pid (docs/hub.md, "Plasma's media keys");
/// none of these players has `kde:pid`; the hub's player for the keys (playerctld's name) does.
@Suite(
  "Plasma's media keys and the Now Playing player", .serialized,
  .enabled(if: HubTools.playerctlCanRun && PlasmaMediaController.isInstalled),
  .leavesNoChildProcesses, .timeLimit(.minutes(10)))
struct PlasmaMediaKeysTests {
  /// One key of the mix: the step before it, the key, the hub's Now Playing player when it was
  /// pressed, and the player it reached.
  struct Press: CustomStringConvertible {
    var step: String
    var key: String
    var nowPlaying: String
    var reached: String
    var description: String { "\(step): \(key) to \(reached) (Now Playing: \(nowPlaying))" }
  }

  /// The multiplexer prefers any player that says "Playing", so without the hub's
  /// player for the keys (playerctld's name) (which says "Playing" to it) a phone remote saying "Playing" of sound
  /// on the phone, or the hub's relay of a phone's player, takes the keys from the paused app the
  /// hub would resume (10 of these 13 keys). And the applet lists every player but those whose
  /// process a `kde:pid` names: one entry for each player, none for the hub's target or its relay.
  @Test
  func `Plasma's keys reach the paused Now Playing app, not a phone remote saying Playing`() async throws {
    let bus = try await PrivateBus.start()
    do {
      let plasma = try await PlasmaMediaController.start(on: bus)
      let players = [
        "music", "GSConnect.PixelSpotify", "chromium.instance4242", "Valent.Player0",
        "kdeconnect.mpris_000001", "ShairportSync", "video",
      ]
      var entries: [String: Int] = [:]
      let presses = try await mix(plasma) {
        entries = try await plasma.entries(of: players + ["playerctld", "Phone_Music"])
      }
      let misrouted = presses.filter { $0.reached != $0.nowPlaying }
      print(
        "Plasma 5.27 media keys through the hub's player for the keys: "
          + "\(misrouted.count) of \(presses.count) keys to another player")
      presses.forEach { print("  \($0)") }
      #expect(misrouted.isEmpty, "\(presses)\n\(plasma.picks())\n\(bus.hubLog.suffix(3000))")
      print(
        "Plasma 5.27 applet's list: \(entries.values.reduce(0, +)) entries for \(players.count) players; "
          + "the hub's player for the keys (playerctld's name): \(entries["playerctld"] ?? -1), "
          + "the hub's relay of the phone's player: \(entries["Phone_Music"] ?? -1)")
      #expect(players.allSatisfy { entries[$0] == 1 }, "\(entries)")
      #expect(entries["playerctld"] == 0 && entries["Phone_Music"] == 0, "\(entries)")
    } catch {
      await bus.stop()
      throw error
    }
    await bus.stop()
  }

  /// The same mix with the hub publishing no name (`--proxy off`): the multiplexer keeps a phone
  /// remote saying "Playing", so the keys go astray, every one of them to a phone remote. What
  /// the hub's player for the keys (playerctld's name) is for.
  @Test
  func `without the hub's player for the keys, Plasma sends them to a phone remote saying Playing`()
    async throws
  {
    let bus = try await PrivateBus.start()
    do {
      let plasma = try await PlasmaMediaController.start(on: bus)
      let presses = try await mix(plasma, proxy: "off")
      let misrouted = presses.filter { $0.reached != $0.nowPlaying }
      print(
        "Plasma 5.27 media keys, the hub with --proxy off: "
          + "\(misrouted.count) of \(presses.count) keys to another player")
      #expect(!misrouted.isEmpty, "\(presses)")
      #expect(
        misrouted.allSatisfy {
          ["Phone_Music", "GSConnect.PixelSpotify", "Valent.Player0", "kdeconnect.mpris_000001"].contains(
            $0.reached)
        },
        "\(presses)\n\(plasma.picks())")
    } catch {
      await bus.stop()
      throw error
    }
    await bus.stop()
  }

  /// While playerctld itself runs it keeps its name (the hub's player for the keys queues behind
  /// it), and the keys' player is `playerctld.remotectld`. When playerctld stops, the bus hands
  /// its name to the keys' player, which then lets its own go: the multiplexer takes in the new
  /// name and moves to it (it says Playing to the applet), so a phone remote that appears
  /// Playing afterwards does not take the keys from the paused Now Playing app.
  @Test
  func
    `while playerctld runs the keys reach the hub's player by its own name, and by playerctld's once playerctld stops`()
    async throws
  {
    let bus = try await PrivateBus.start()
    do {
      let plasma = try await PlasmaMediaController.start(on: bus)
      try await plasma.ownShellName()
      let playerctld = try await bus.startPlayerctld()
      // With no player to forward, playerctld answers GetAll with an error: the engine leaves it out.
      _ = try await plasma.applet.line(within: .seconds(30)) {
        $0.contains("Failed to find working MPRIS2 interface for \"org.mpris.MediaPlayer2.playerctld\"")
      }
      try await bus.startHub(
        ["--no-http"],
        environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(bus.directory.path)/no-system-bus"])
      guard try await bus.keysPlayerBeside(playerctld) else {
        await bus.stop()
        return
      }
      try await plasma.takenIn("playerctld.remotectld")
      let players = try bus.start(
        PythonPlayers.python, [PythonPlayers.holdingStill, "music:Playing"],
        environment: PythonPlayers.environment)
      try await plasma.takenIn("music")
      try await eventually("music is Now Playing", within: .seconds(20)) {
        try await bus.hubActive() == "music"
      }
      try await bus.tell(
        "music", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
      #expect(Self.pick(of: plasma) == "playerctld.remotectld", "\(plasma.picks())")
      _ = players.unreadLines()
      try await plasma.press("nextmedia")
      let before = try await players.line(within: .seconds(20)) { $0.hasSuffix(" Next") }
      #expect(before == "music Next", "\(plasma.picks())")

      // playerctld goes: the keys' player takes its name and lets its own go.
      await playerctld.terminate()
      try await eventually("the keys' player under playerctld's name alone", within: .seconds(20)) {
        let names = try await bus.acquiredNames()
        return !names.contains("org.mpris.MediaPlayer2.playerctld.remotectld")
          && names.contains("org.mpris.MediaPlayer2.playerctld")
      }
      try await plasma.takenIn("playerctld")
      // A phone remote that appears Playing takes the keys from any pick that does not say
      // Playing: from music, had the multiplexer moved to it as the keys' player's own name went.
      let phone = try bus.start(
        PythonPlayers.python, [PythonPlayers.holdingStill, "GSConnect.PixelSpotify:Playing"],
        environment: PythonPlayers.environment)
      try await plasma.takenIn("GSConnect.PixelSpotify")
      #expect(Self.pick(of: plasma) == "playerctld", "\(plasma.picks())")
      _ = players.unreadLines()
      try await plasma.press("nextmedia")
      let after = try await eventually("the Next key reaches a player", within: .seconds(20)) {
        () -> String? in
        (players.unreadLines() + phone.unreadLines()).first { $0.hasSuffix(" Next") }
      }
      #expect(after == "music Next", "\(plasma.picks())")
      #expect(try await bus.hubActive() == "music")
    } catch {
      await bus.stop()
      throw error
    }
    await bus.stop()
  }

  /// The multiplexer's pick, as the engine's last line about it says: `Switching from "A" to
  /// "B"`, or `Determined "B" to be the best player` (when the pick went).
  private static func pick(of plasma: PlasmaMediaController) -> String? {
    let line = plasma.applet.standardOutput.split(separator: "\n").last {
      $0.contains("Switching from") || $0.contains("to be the best player")
    }
    return line.flatMap {
      PrivateBus.quotedStrings(in: String($0).replacingOccurrences(of: "\"", with: "'")).last
    }
  }

  /// The names owned on `bus`.
  /// The Play/Pause key through the hub's player for the keys (playerctld's name) against the same key with the
  /// multiplexer's pick the player itself (the hub with no name of its own, `--proxy off`), each
  /// beside Play or Pause sent straight to the player, alternating key and call. Each is timed
  /// from the call's start to the player's own line that it did it (after it announced its new
  /// status); key and call go through one `gdbus` process each, so the difference is
  /// kglobalaccel's, the applet's and the hub's hops. Recorded in BENCHMARKS.md, not judged here.
  @Test
  func `the Play-Pause key reaches the only player, timed beside a call straight to it`() async throws {
    let bus = try await PrivateBus.start()
    do {
      let plasma = try await PlasmaMediaController.start(on: bus)
      try await plasma.ownShellName()
      let environment = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(bus.directory.path)/no-system-bus"]
      // The players answer to the hub (`hub_observer.py`).
      let straightHub = try await bus.startHub(["--no-http", "--proxy", "off"], environment: environment)
      let player = try bus.start(PythonPlayers.python, [PythonPlayers.holdingStill, "music:Paused"])
      try await plasma.takenIn("music")
      let rounds = ProcessInfo.processInfo.environment["MEDIA_KEY_ROUNDS"].flatMap(Int.init) ?? 15
      var playing = false
      // The time from `action`'s start to the player's line that it played or paused; the
      // player's status follows what it did.
      func timed(_ action: () async throws -> Void) async throws -> Double {
        let start = ContinuousClock.now
        try await action()
        let line = try await player.line(within: .seconds(20)) { $0 == "music Play" || $0 == "music Pause" }
        let elapsed = ContinuousClock.now - start
        playing = line == "music Play"
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
      }
      // `rounds` keys, each followed by Play or Pause straight to the player; the player ends as it began.
      func block() async throws -> (keys: [Double], direct: [Double]) {
        var keys: [Double] = []
        var direct: [Double] = []
        for _ in 0..<rounds {
          keys.append(try await timed { try await plasma.press("playpausemedia") })
          let member = playing ? "Pause" : "Play"
          direct.append(
            try await timed {
              let result = try await bus.run(
                "gdbus",
                [
                  "call", "--session", "--dest", "org.mpris.MediaPlayer2.music", "--object-path",
                  "/org/mpris/MediaPlayer2", "--method", "org.mpris.MediaPlayer2.Player.\(member)",
                ])
              guard result.status == 0 else { throw TestFailure("\(member) on music: \(result.error)") }
            })
        }
        return (keys, direct)
      }
      let straight = try await block()
      _ = await straightHub.terminate()
      // The hub as under Plasma: the keys' player appears; the multiplexer takes it (it says
      // Playing, music is paused).
      try await bus.startHub(["--no-http", "--proxy", "auto"], environment: environment)
      try await plasma.takenIn("playerctld")
      try await eventually("music is Now Playing") { try await bus.hubActive() == "music" }
      let throughHub = try await block()
      let median = { (values: [Double]) in values.sorted()[values.count / 2] }
      print(
        "Plasma 5.27 Play/Pause key to the only player, p50 of \(rounds): "
          + "through the hub's player for the keys \(median(throughHub.keys)) ms "
          + "(Play or Pause straight to it: \(median(throughHub.direct)) ms); "
          + "the multiplexer's pick the player itself \(median(straight.keys)) ms "
          + "(straight: \(median(straight.direct)) ms); "
          + "through the hub / straight key \(median(throughHub.keys) / median(straight.keys)); "
          + "through the hub / straight call \(median(throughHub.keys) / median(throughHub.direct))")
      #expect(throughHub.keys.count == rounds && straight.keys.count == rounds)
    } catch {
      await bus.stop()
      throw error
    }
    await bus.stop()
  }

  /// The scripted mix: players appear (a phone's player relayed by the hub from bluetoothd's
  /// double among them), play and pause, and after each step a key is pressed; what each key
  /// reached. Beside plasmashell's name, the hub runs with `--proxy proxy`; with `auto` the keys'
  /// player is taken in before any other. `atTheEnd` runs while every player is still there.
  private func mix(
    _ plasma: PlasmaMediaController, proxy: String = "auto", atTheEnd: () async throws -> Void = {}
  ) async throws -> [Press] {
    let bus = plasma.bus
    try await plasma.ownShellName()
    // bluetoothd's double on a system bus of the hub's own: the hub relays a phone's player.
    let bluezDirectory = bus.directory.appendingPathComponent("bluez")
    try FileManager.default.createDirectory(at: bluezDirectory, withIntermediateDirectories: true)
    let bluetooth = try await ConfiguredBus.start(
      .system, in: bluezDirectory, environment: bus.environment, standardError: .file("/dev/null"))
    let double = try await BlueZDouble.start(on: bluetooth)
    try await double.addAdapter("hci0")
    try await bus.startHub(
      ["--no-http", "--proxy", proxy], environment: ["DBUS_SYSTEM_BUS_ADDRESS": bluetooth.address])
    if proxy == "auto" { try await plasma.takenIn("playerctld") }
    var players: [ChildProcess] = []
    var presses: [Press] = []
    var devicePlayer: String?
    var deviceCalls = 0
    /// How often the phone's player was called a key's member on the phone.
    func callsOnThePhone() async throws -> Int {
      guard let devicePlayer else { return 0 }
      var count = 0
      for member in ["Play", "Pause", "Next", "Previous", "Stop"] {
        let output = try await double.call(
          "org.freedesktop.DBus.Mock.GetMethodCalls", [member], path: devicePlayer)
        count += output.components(separatedBy: "[])").count - 1
      }
      return count
    }
    func appear(_ specs: String...) async throws {
      players.append(try bus.start(PythonPlayers.python, [PythonPlayers.holdingStill] + specs))
      try await plasma.takenIn(all: specs.map { String($0.split(separator: ":")[0]) })
    }
    func press(_ key: String, after step: String, nowPlaying: String = "music") async throws {
      do {
        try await eventually("\(nowPlaying) is Now Playing (\(step))") {
          try await bus.hubActive() == nowPlaying
        }
      } catch {
        throw TestFailure("\(error)\nthe keys so far: \(presses)\nthe hub's log:\n\(bus.hubLog.suffix(4000))")
      }
      players.forEach { _ = $0.unreadLines() }
      // The applet sends the Play/Pause key as Pause to the hub's target (it says Playing), which
      // sends it on as Play or Pause by the Now Playing player's status.
      let members: [String] =
        switch key {
        case "playpausemedia": ["Play", "Pause"]
        case "nextmedia": ["Next"]
        case "previousmedia": ["Previous"]
        default: ["Stop"]
        }
      try await plasma.press(key)
      let reached: String
      do {
        reached = try await eventually("the \(key) key reaches a player (\(step))", within: .seconds(20)) {
          () -> String? in
          let line = players.lazy.flatMap { $0.unreadLines() }.first { line in
            members.contains { line.hasSuffix(" " + $0) }
          }
          if let line { return String(line.split(separator: " ")[0]) }
          let calls = try await callsOnThePhone()
          defer { deviceCalls = calls }
          return calls > deviceCalls ? "Phone_Music" : nil
        }
      } catch {
        throw TestFailure("\(error)\nthe engine's picks:\n\(plasma.picks())")
      }
      presses.append(Press(step: step, key: key, nowPlaying: nowPlaying, reached: reached))
    }

    try await appear("music:Playing")
    try await press("playpausemedia", after: "music plays")
    try await press("playpausemedia", after: "music paused by the key")
    try await bus.tell(
      "music", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await press("nextmedia", after: "music paused")
    let phone = try await double.addDevice("AA:BB:CC:DD:EE:02", alias: "Phone")
    devicePlayer = try await double.addPlayer(
      device: phone, "{'Name': <'Music'>, 'Status': <'playing'>, 'Track': <{'Title': <'Song'>}>}")
    try await plasma.takenIn("Phone_Music")
    try await press(
      "playpausemedia",
      after: "a phone's player relayed by the hub from Bluetooth appears, Playing on the phone")
    // The key played music; it pauses again.
    try await bus.tell(
      "music", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await appear("GSConnect.PixelSpotify:Playing")
    try await press("nextmedia", after: "a phone remote (GSConnect) appears, Playing on the phone")
    try await press("playpausemedia", after: "the same")
    // The key played music; it pauses again, so that the apps that appear next find it paused.
    try await bus.tell(
      "music", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await appear("chromium.instance4242:Paused")
    try await press("nextmedia", after: "a browser tab appears, paused")
    try await appear("Valent.Player0:Playing", "kdeconnect.mpris_000001:Playing")
    try await press("previousmedia", after: "Valent's and KDE Connect's phone remotes appear, Playing")
    try await appear("ShairportSync:Paused")
    try await press("nextmedia", after: "an AirPlay receiver's player appears, paused")
    try await appear("video:Playing")
    try await press("nextmedia", after: "another app (video) starts playing", nowPlaying: "video")
    try await bus.tell(
      "video", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await press("playpausemedia", after: "video paused", nowPlaying: "video")
    // The key played video; it pauses again.
    try await bus.tell(
      "video", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await bus.tell(
      "music", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await press("nextmedia", after: "music plays again")
    try await bus.tell(
      "music", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await press("stopmedia", after: "music paused again")
    try await atTheEnd()
    return presses
  }
}
