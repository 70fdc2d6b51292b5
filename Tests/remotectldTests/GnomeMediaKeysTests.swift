import BusTestSupport
import Foundation
import Testing

/// GNOME's media keys, end to end: keys pressed on mutter's RemoteDesktop keyboard, grabbed by
/// headless GNOME Shell 43 for the real gnome-settings-daemon 43 media-keys plugin, which sends
/// each to the player it picked. With the hub running they reach the hub's Now Playing player,
/// whatever else says "Playing".
///
/// A phone's player is the hub's own relay of a device's `org.bluez.MediaPlayer1` (bluetoothd's
/// double, `BlueZDouble`, on a system bus of the hub's: the kernel here has no Bluetooth), saying
/// "Playing" of sound on the phone. The other players are python3-dbus players that hold still
/// (`holding_still_players.py`), named as the programs they stand for publish theirs: a phone
/// remote of GSConnect's, Valent's and KDE Connect's (their sound on a phone), a browser tab
/// (Chromium's name), an AirPlay receiver's (shairport-sync's name). gnome-settings-daemon's pick reads only names and `PlaybackStatus`
/// (docs/hub.md, "GNOME's media keys"), which they publish as those programs do.
@Suite(
  "GNOME's media keys reach the Now Playing player", .serialized,
  .enabled(if: HubTools.playerctlCanRun && GnomeShell.isInstalled && GnomeShell.hasMediaKeys),
  .leavesNoChildProcesses, .timeLimit(.minutes(10)))
struct GnomeMediaKeysTests {
  /// One key of the mix: the step before it, the key, the hub's Now Playing player when it was
  /// pressed, and the player it reached.
  struct Press: CustomStringConvertible {
    var step: String
    var key: String
    var nowPlaying: String
    var reached: String
    var description: String { "\(step): \(key) to \(reached) (Now Playing: \(nowPlaying))" }
  }

  @Test
  func `every key of the mix reaches the hub's Now Playing player, and the shell shows each player once`()
    async throws
  {
    try await GnomeShell.with(try await PrivateBus.start()) { shell in
      let bus = shell.bus
      let presses = try await mix(shell, hubArguments: ["--no-http"]) {
        // One card per player: the hub's target for the keys (CanPlay false) has none.
        let players = [
          "GSConnect.PixelSpotify", "Phone_Music", "ShairportSync", "Valent.Player0", "chromium.instance4242",
          "kdeconnect.mpris_000001", "music", "video",
        ].map { "org.mpris.MediaPlayer2.\($0)" }.sorted()
        try await eventually(
          "GNOME Shell shows each player once", within: .seconds(30), { try await shell.mediaPlayers() }
        ) { $0 == players }
        #expect(try await shell.messageCount() == players.count)
        // Only gnome-settings-daemon is told the hub's player for the keys is Playing: any other
        // client (playerctl here) reads the Now Playing player's own status, music's Paused. The
        // keys' player holds playerctld's name too, and playerctl reaches it by that one (it lists
        // the hub's PlayerNames, which leave the hub's own names out).
        let music = try await bus.run("playerctl", ["--player=music", "status"])
        let keys = try await bus.run("playerctl", ["--player=playerctld", "status"])
        #expect(music.status == 0 && music.output == "Paused\n", "\(music)")
        #expect(keys.status == 0 && keys.output == music.output, "\(keys)")
        // And a client that follows the name's PropertiesChanged is told its changes.
        let follower = try bus.start("playerctl", "--player=playerctld", "--follow", "status")
        _ = try await follower.line(within: .seconds(20)) { $0 == "Paused" }
        try await bus.tell(
          "music", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
        _ = try await follower.line(within: .seconds(20)) { $0 == "Playing" }
        try await bus.tell(
          "music", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
        _ = try await follower.line(within: .seconds(20)) { $0 == "Paused" }
        _ = await follower.terminate()
      }
      let misrouted = presses.filter { $0.reached != $0.nowPlaying }
      print("GNOME 43 media keys with the hub: \(misrouted.count) of \(presses.count) keys to another player")
      presses.forEach { print("  \($0)") }
      #expect(misrouted.isEmpty, "\(misrouted)")
    }
  }

  @Test
  func
    `without the hub's player for the keys, gnome-settings-daemon sends them to a phone's player saying Playing`()
    async throws
  {
    try await GnomeShell.with(try await PrivateBus.start()) { shell in
      let presses = try await mix(shell, hubArguments: ["--no-http", "--proxy", "off"])
      let misrouted = presses.filter { $0.reached != $0.nowPlaying }
      print(
        "GNOME 43 media keys, the hub with --proxy off: \(misrouted.count) of \(presses.count) keys to another player"
      )
      presses.forEach { print("  \($0)") }
      #expect(
        !misrouted.isEmpty
          && misrouted.allSatisfy { ["Phone_Music", "GSConnect.PixelSpotify"].contains($0.reached) },
        "\(presses)")
    }
  }

  @Test
  func `gnome-settings-daemon started after the hub and the players takes the hub's player for the keys`()
    async throws
  {
    try await GnomeShell.with(try await PrivateBus.start()) { shell in
      let bus = shell.bus
      try await bus.startHub(["--no-http"])
      try await bus.waitForName(PrivateBus.playerctldName)
      let players = try bus.start(
        PythonPlayers.python, PythonPlayers.holdingStill, "music:Playing", "chromium.instance4242:Paused")
      try await eventually("music is Now Playing") { try await bus.hubActive() == "music" }
      try await bus.tell(
        "music", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
      // gsd takes in every name it lists at its start, in its own order; only the hub's says
      // Playing, so whichever comes first, it ends as the target.
      let keysDaemon = try await shell.startMediaKeys()
      let keyboard = try await shell.startKeyboard()
      // The hub's player for the keys is playerctld's name (no playerctld runs here).
      for name in ["music", "chromium.instance4242", "playerctld"] {
        try await eventually("gsd-media-keys takes in \(name)", within: .seconds(20)) {
          let output = keysDaemon.standardOutput
          return output.contains("Switching to MPRIS client org.mpris.MediaPlayer2.\(name) ")
            || output.contains("Remembering org.mpris.MediaPlayer2.\(name) ")
        }
      }
      _ = players.unreadLines()
      try await keyboard.press("next")
      let reached = try await players.line(within: .seconds(20)) { $0.hasSuffix(" Next") }
      #expect(reached == "music Next")
      _ = await keyboard.terminate()
      _ = await keysDaemon.terminate()
    }
  }

  @Test
  func
    `while playerctld runs gsd keeps the hub's player by its own name, and by playerctld's once playerctld stops`()
    async throws
  {
    try await GnomeShell.with(try await PrivateBus.start()) { shell in
      let bus = shell.bus
      let playerctld = try bus.start("playerctld", [])
      try await bus.waitForName(PrivateBus.playerctldName)
      try await bus.startHub(["--no-http"])
      guard try await bus.keysPlayerBeside(playerctld) else {
        return
      }
      let players = try bus.start(
        PythonPlayers.python, [PythonPlayers.holdingStill, "music:Playing"],
        environment: PythonPlayers.environment)
      _ = try await players.line(within: .seconds(20)) { $0 == "ready" }
      try await eventually("music is Now Playing", within: .seconds(20)) {
        try await bus.hubActive() == "music"
      }
      try await bus.tell(
        "music", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
      let keysDaemon = try await shell.startMediaKeys()
      let keyboard = try await shell.startKeyboard()
      try await eventually("gsd-media-keys takes the hub's player by its own name", within: .seconds(20)) {
        keysDaemon.standardOutput.contains(
          "Switching to MPRIS client org.mpris.MediaPlayer2.playerctld.remotectld ")
      }
      // playerctld goes: the hub's keys' player takes its name and lets its own go; gsd moves to
      // the name it remembered last, the same player.
      await playerctld.terminate()
      try await eventually("the keys' player under playerctld's name alone", within: .seconds(20)) {
        let names = try await bus.acquiredNames()
        return !names.contains("org.mpris.MediaPlayer2.playerctld.remotectld")
          && names.contains("org.mpris.MediaPlayer2.playerctld")
      }
      // A phone remote that appears Playing takes the keys from any target but the hub's (which
      // says Playing to gsd): from music, had gsd moved to it as the keys' player's name went.
      let phone = try bus.start(
        PythonPlayers.python, [PythonPlayers.holdingStill, "GSConnect.PixelSpotify:Playing"],
        environment: PythonPlayers.environment)
      _ = try await phone.line(within: .seconds(20)) { $0 == "ready" }
      try await eventually("gsd-media-keys to take in the phone remote", within: .seconds(20)) {
        keysDaemon.standardOutput.contains("org.mpris.MediaPlayer2.GSConnect.PixelSpotify ")
      }
      _ = players.unreadLines()
      try await keyboard.press("next")
      let reached = try await players.line(within: .seconds(20)) { $0.hasSuffix(" Next") }
      #expect(reached == "music Next", "\(keysDaemon.standardOutput.suffix(2000))")
      #expect(!phone.unreadLines().contains { $0.hasSuffix(" Next") })
      _ = await phone.terminate()
      _ = await keyboard.terminate()
      _ = await keysDaemon.terminate()
    }
  }

  /// The figure (BENCHMARKS.md): the Play key to the Now Playing app's new status, through the
  /// hub's player for the keys, beside PlayPause sent straight to the app, alternating, in one
  /// run; and before the hub starts, the same key with gnome-settings-daemon's target the app
  /// itself, to say what the desktop's own path costs.
  @Test func `a media key reaches the Now Playing app, timed beside PlayPause sent straight to it`()
    async throws
  {
    try await GnomeShell.with(try await PrivateBus.start()) { shell in
      let bus = shell.bus
      let keysDaemon = try await shell.startMediaKeys()
      let keyboard = try await shell.startKeyboard()
      let rounds = Int(ProcessInfo.processInfo.environment["MEDIA_KEY_ROUNDS"] ?? "") ?? 20
      try await bus.startBinaural("binaural")
      _ = try await keysDaemon.line(within: .seconds(20)) {
        $0.contains("Switching to MPRIS client org.mpris.MediaPlayer2.binaural ")
      }
      // Each block after 10 rounds left out: the first keys of a block wait on what warms up.
      _ = try await measure(keyboard, rounds: 10)
      let alone = try await measure(keyboard, rounds: rounds)

      try await bus.startHub(["--no-http"])
      try await Self.targetTaken(by: keysDaemon)
      _ = try bus.start(PythonPlayers.python, PythonPlayers.holdingStill, "GSConnect.PixelSpotify:Playing")
      _ = try await keysDaemon.line(within: .seconds(20)) {
        $0.contains("Remembering org.mpris.MediaPlayer2.GSConnect.PixelSpotify ")
      }
      try await bus.tell(
        "binaural", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
      try await eventually("binaural is Now Playing") { try await bus.hubActive() == "binaural" }
      _ = try await measure(keyboard, rounds: 10)
      let hub = try await measure(keyboard, rounds: rounds)
      print(
        String(
          format: """
            GNOME 43 media key -> binaural's PlaybackStatus, n=%d each, p50 (max):
              through the hub's player for the keys %.2f ms (%.2f); PlayPause straight to binaural %.2f ms (%.2f): %.2fx
              before the hub, gsd's target binaural itself %.2f ms (%.2f); PlayPause straight %.2f ms (%.2f): %.2fx
              through the hub / gsd straight to binaural: %.2fx
            """, rounds, Self.median(hub.keys), hub.keys.max() ?? 0, Self.median(hub.direct),
          hub.direct.max() ?? 0, Self.median(hub.keys) / Self.median(hub.direct), Self.median(alone.keys),
          alone.keys.max() ?? 0, Self.median(alone.direct), alone.direct.max() ?? 0,
          Self.median(alone.keys) / Self.median(alone.direct), Self.median(hub.keys) / Self.median(alone.keys)
        ))
      _ = await keyboard.terminate()
      _ = await keysDaemon.terminate()
    }
  }

  /// `rounds` Play keys and as many PlayPause calls straight to binaural, alternating, each timed
  /// to binaural's new PlaybackStatus (`media_keys.py`), in milliseconds.
  private func measure(_ keyboard: ChildProcess, rounds: Int) async throws -> (
    keys: [Double], direct: [Double]
  ) {
    try keyboard.write("measure binaural \(rounds)\n")
    let keys = try Self.times(try await keyboard.line(within: .seconds(120)) { $0.hasPrefix("key ") })
    let direct = try Self.times(try await keyboard.line(within: .seconds(10)) { $0.hasPrefix("direct ") })
    #expect(keys.count == rounds && direct.count == rounds)
    return (keys, direct)
  }

  // MARK: - The mix

  /// The scripted mix: players appear, play and pause, and after each step a key is pressed; what
  /// each key reached.
  private func mix(
    _ shell: GnomeShell, hubArguments: [String], atTheEnd: () async throws -> Void = {}
  ) async throws -> [Press] {
    let bus = shell.bus
    let keysDaemon = try await shell.startMediaKeys()
    let keyboard = try await shell.startKeyboard()
    // bluetoothd's double on a system bus of the hub's own: the hub relays a phone's player.
    let bluezDirectory = bus.directory.appendingPathComponent("bluez")
    try FileManager.default.createDirectory(at: bluezDirectory, withIntermediateDirectories: true)
    let bluetooth = try await ConfiguredBus.start(
      .system, in: bluezDirectory, environment: bus.environment,
      standardError: .file("/dev/null"))
    let double = try await BlueZDouble.start(on: bluetooth)
    try await double.addAdapter("hci0")
    try await bus.startHub(hubArguments, environment: ["DBUS_SYSTEM_BUS_ADDRESS": bluetooth.address])
    if !hubArguments.contains("off") { try await Self.targetTaken(by: keysDaemon) }
    var players: [ChildProcess] = []
    var devicePlayer: String?
    var deviceCalls = 0
    /// How often the phone's player was called a key's member on the phone (the relay sends
    /// PlayPause as Play or Pause).
    func callsOnThePhone() async throws -> Int {
      guard let devicePlayer else { return 0 }
      var count = 0
      for member in ["Play", "Pause", "Next", "Previous", "Stop"] {
        count += try await Self.calls(member, on: devicePlayer, of: double)
      }
      return count
    }
    var presses: [Press] = []
    // Pressed once gnome-settings-daemon has taken each in ("Switching to MPRIS client NAME
    // because it just appeared", or "Remembering NAME for later"); players that appear together
    // in whichever order its reads of them finish.
    func appear(_ specs: String...) async throws {
      players.append(try bus.start(PythonPlayers.python, [PythonPlayers.holdingStill] + specs))
      var left = Set(specs.map { "org.mpris.MediaPlayer2.\($0.split(separator: ":")[0])" })
      while !left.isEmpty {
        let waiting = left
        let line = try await keysDaemon.line(within: .seconds(20)) { line in
          waiting.contains { Self.takesIn(line, $0) }
        }
        left = left.filter { !Self.takesIn(line, $0) }
      }
    }
    func takenIn(_ player: String) async throws {
      let name = "org.mpris.MediaPlayer2.\(player)"
      _ = try await keysDaemon.line(within: .seconds(20)) { Self.takesIn($0, name) }
    }
    func press(_ key: String, after step: String, nowPlaying: String = "music") async throws {
      try await eventually("\(nowPlaying) is Now Playing (\(step))") {
        try await bus.hubActive() == nowPlaying
      }
      players.forEach { _ = $0.unreadLines() }
      let member = ["play": "PlayPause", "next": "Next", "previous": "Previous", "stop": "Stop"][key] ?? key
      try await keyboard.press(key)
      let reached = try await Self.diagnosing(keysDaemon) {
        try await eventually("the \(key) key reaches a player (\(step))", within: .seconds(20)) {
          () -> String? in
          if let line = players.lazy.flatMap({ $0.unreadLines() }).first(where: { $0.hasSuffix(" " + member) }
          ) {
            return String(line.dropLast(member.count + 1))
          }
          let calls = try await callsOnThePhone()
          defer { deviceCalls = calls }
          return calls > deviceCalls ? "Phone_Music" : nil
        }
      }
      presses.append(Press(step: step, key: key, nowPlaying: nowPlaying, reached: reached))
    }

    try await appear("music:Playing")
    try await press("play", after: "music plays")
    try await bus.tell(
      "music", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await press("play", after: "music paused")
    let phone = try await double.addDevice("AA:BB:CC:DD:EE:02", alias: "Phone")
    devicePlayer = try await double.addPlayer(
      device: phone, "{'Name': <'Music'>, 'Status': <'playing'>, 'Track': <{'Title': <'Song'>}>}")
    try await takenIn("Phone_Music")
    try await press(
      "play", after: "a phone's player relayed by the hub from Bluetooth appears, Playing on the phone")
    try await appear("GSConnect.PixelSpotify:Playing")
    try await press("play", after: "a phone remote (GSConnect) appears, Playing on the phone")
    try await press("next", after: "the same")
    try await appear("chromium.instance4242:Paused")
    try await press("play", after: "a browser tab appears, paused")
    try await appear("Valent.Player0:Playing", "kdeconnect.mpris_000001:Playing")
    try await press("previous", after: "Valent's and KDE Connect's phone remotes appear, Playing")
    try await appear("ShairportSync:Paused")
    try await press("play", after: "an AirPlay receiver's player appears, paused")
    try await appear("video:Playing")
    try await press("next", after: "another app (video) starts playing", nowPlaying: "video")
    try await bus.tell(
      "video", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await press("play", after: "video paused", nowPlaying: "video")
    try await bus.tell(
      "music", "org.mpris.MediaPlayer2.Player.Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await press("next", after: "music plays again")
    try await bus.tell(
      "music", "org.mpris.MediaPlayer2.Player.Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await press("stop", after: "music paused again")
    // Each player is still reached by its name: a phone remote's, by playerctl and remotectl.
    for (program, arguments) in [
      ("playerctl", ["--player=GSConnect.PixelSpotify", "next"]),
      (BuiltProducts.remotectl, ["-p", "GSConnect.PixelSpotify", "next"]),
    ] {
      players.forEach { _ = $0.unreadLines() }
      let result = try await bus.run(program, arguments)
      #expect(result.status == 0, "\(program) \(arguments): \(result)")
      try await eventually("\(program) reaches GSConnect.PixelSpotify by name") {
        players.contains { $0.unreadLines().contains("GSConnect.PixelSpotify Next") }
      }
    }
    try await atTheEnd()
    // And a device's player, relayed by the hub, by playerctl.
    let nexts = try await Self.calls("Next", on: devicePlayer ?? "", of: double)
    #expect(try await bus.run("playerctl", ["--player=Phone_Music", "next"]).status == 0)
    try await eventually("playerctl reaches the phone's player by name") {
      try await Self.calls("Next", on: devicePlayer ?? "", of: double) == nexts + 1
    }
    _ = await keyboard.terminate()
    _ = await keysDaemon.terminate()
    await double.stop()
    await bluetooth.stop()
    return presses
  }

  /// Whether gsd-media-keys's `line` says it took in the player `name` (a bus name).
  private static func takesIn(_ line: String, _ name: String) -> Bool {
    line.contains("Switching to MPRIS client \(name) ") || line.contains("Remembering \(name) ")
  }

  /// `body`'s result; its error with what gnome-settings-daemon said of its pick and its calls.
  private static func diagnosing<Value>(_ keysDaemon: ChildProcess, _ body: () async throws -> Value)
    async throws -> Value
  {
    do {
      return try await body()
    } catch {
      let said = keysDaemon.unreadLines().filter { $0.contains("media-keys-plugin-DEBUG") }.suffix(20)
      throw TestFailure("\(error)\ngsd-media-keys said:\n" + said.joined(separator: "\n"))
    }
  }

  /// How often the double's device player at `path` was called `member`: the entries of
  /// dbusmock's `GetMethodCalls`, each `(time, [])` (gdbus prints the first `(uint64 time, @av [])`).
  private static func calls(_ member: String, on path: String, of double: BlueZDouble) async throws -> Int {
    let output = try await double.call("org.freedesktop.DBus.Mock.GetMethodCalls", [member], path: path)
    return output.components(separatedBy: "[])").count - 1
  }

  /// Returns once gnome-settings-daemon has made the hub's player for the keys its target: under
  /// `name`, playerctld's while no playerctld runs.
  private static func targetTaken(by keysDaemon: ChildProcess) async throws {
    _ = try await keysDaemon.line(within: .seconds(20)) {
      $0.contains("Switching to MPRIS client org.mpris.MediaPlayer2.playerctld ")
    }
  }

  /// The names owned on `bus`.
  private static func times(_ line: String) throws -> [Double] {
    try line.split(separator: " ").dropFirst().map {
      guard let value = Double($0) else { throw TestFailure("not a time: \($0) in \(line)") }
      return value
    }
  }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }
}
