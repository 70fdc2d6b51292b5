import BusTestSupport
import Foundation
import Testing

/// AirPlay to this computer, with real parts: Debian's shairport-sync 3.3.8 on a private system
/// bus playing to a private PulseAudio, and pyatv streaming to it over RAOP on 127.0.0.1
/// (``ShairportSync``, ``AirPlaySender``).
@Suite(
  "AirPlay through shairport-sync", .serialized, .enabled(if: HubTools.canRun && ShairportSync.isInstalled),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct AirPlayTests {
  @Test func `shairport-sync says Playing and the sender's title on the system bus`() async throws {
    try await ShairportSync.Stage.with { stage in
      let receiver = stage.receiver
      #expect(try await receiver.title() == nil)
      let monitor = try await receiver.monitor()
      let sender = try receiver.send(title: "Song of the Harness", artist: "The Loopback", seconds: 4)
      let start = try await sender.started()
      // It says Playing when the first audio plays, about a second after the stream started
      // (sometimes a moment after pyatv's RECORD too, then Paused at its FLUSH).
      let playing = try await monitor.wait(for: "PlaybackStatus", "'Playing'")
      print("shairport-sync said Playing \(playing.arrival - start) after the stream started")
      _ = try await eventually("shairport-sync's stream on the sound server", { try await stage.sinkInput() })
      {
        $0 != nil
      }
      #expect(try await receiver.title() == "Song of the Harness")
      let metadata = try #require(try await receiver.property("Metadata") as? [String: Any])
      let artists = (metadata["xesam:artist"] as? [String: Any])?["data"] as? [String]
      let album = (metadata["xesam:album"] as? [String: Any])?["data"] as? String
      #expect(artists == ["The Loopback"] && album == "Tests", "\(metadata)")
      // The sender's artwork, in shairport-sync's cover-art cache.
      let artwork = try #require((metadata["mpris:artUrl"] as? [String: Any])?["data"] as? String)
      let bytes = try Data(contentsOf: #require(URL(string: artwork)))
      #expect(bytes.starts(with: [0xFF, 0xD8]), "\(artwork)")
      // What 3.3.8 says while a sender streams, illegal in MPRIS.
      #expect(try await receiver.property("LoopStatus") as? String == "Not Available")
      #expect(try await receiver.isActive())
      // The sender offers no DACP service, so nothing can reach it from here.
      #expect(try await receiver.remoteControlIsAvailable() == false)

      try await sender.finished()
      try await monitor.wait(for: "PlaybackStatus", "'Stopped'")
      await monitor.stop()
      await sender.stop()
    }
  }

  @Test func `remotectl check --system says what shairport-sync breaks, idle and while a sender streams`()
    async throws
  {
    try await ShairportSync.Stage.with { stage in
      let environment = ["DBUS_SYSTEM_BUS_ADDRESS": stage.systemBus.address]
      let idle = try await ChildProcess.run(
        HubTools.remotectl, ["check", "--system", "ShairportSync"], environment: environment,
        timeout: .seconds(60))
      #expect(idle.status == 1, "\(idle)")
      #expect(idle.output.contains("FAIL enumerated-values: Rate 0.0 is below MinimumRate 1.0"), "\(idle)")
      #expect(
        idle.output.contains(
          "FAIL commands-reach-the-player: CanPlay, CanPause, CanGoNext, CanGoPrevious, CanControl true "
            + "while org.gnome.ShairportSync.RemoteControl Available is false"), "\(idle)")
      #expect(idle.output.contains("ShairportSync: "), "\(idle)")

      // While a sender streams, its LoopStatus is "Not Available" too.
      let sender = try stage.receiver.send(seconds: 8)
      try await sender.started()
      try await stage.receiver.waitForStatus("Playing")
      let streaming = try await ChildProcess.run(
        HubTools.remotectl, ["check", "--system", "--json", "ShairportSync"], environment: environment,
        timeout: .seconds(60))
      let report = try JSONSerialization.jsonObject(with: Data(streaming.output.utf8)) as? [String: Any]
      let rules = report?["rules"] as? [[String: Any]] ?? []
      let values = rules.first { $0["rule"] as? String == "enumerated-values" }?["detail"] as? String ?? ""
      #expect(values.contains(#"LoopStatus "Not Available" is not None, Track or Playlist"#), "\(streaming)")
      #expect(report?["passed"] as? Bool == false, "\(streaming)")
      await sender.stop()
    }
  }

  // MARK: - With the hub

  /// The relay's bus name on the session bus.
  static let relay = ShairportSync.relayName
  /// The relay's player name, as the hub's lists and remotectl name it.
  static let relayPlayer = "ShairportSync.system"

  /// A session bus with the hub on it (its proxy published, the web remote on a free port), the
  /// AirPlay stage (``ShairportSync/Stage``) with its system bus in the session bus's folder, and
  /// binaural, the local player.
  struct Rig {
    let bus: PrivateBus
    let stage: ShairportSync.Stage
    var receiver: ShairportSync { stage.receiver }

    /// binaural ("local") playing, once it is Now Playing.
    func startLocalPlayer() async throws {
      try await bus.startBinaural("local")
      try await bus.playerctl("-p", "local", "play")
      _ = try await eventually("binaural to be Now Playing", { try await bus.hubActive() }) { $0 == "local" }
    }

    /// The monitor of the hub's signals (`NowPlayingChanged`), stamped.
    func hubSignals() async throws -> StampedMonitor {
      try await StampedMonitor.start(address: bus.address, sender: PrivateBus.hubName)
    }

    /// The monitor of the proxy's signals, stamped.
    func proxySignals() async throws -> StampedMonitor {
      try await StampedMonitor.start(address: bus.address, sender: PrivateBus.proxyName)
    }

    /// Waits until the hub's Now Playing player is `player` (a player name).
    func waitForNowPlaying(_ player: String, within timeout: Duration = .seconds(10)) async throws {
      _ = try await eventually("\(player) to be Now Playing", within: timeout, { try await bus.hubActive() })
      {
        $0 == player
      }
    }

    /// `remotectl ARGUMENTS` on the session bus, with the system bus reachable.
    func remotectl(_ arguments: String...) async throws -> ClientResult {
      try await ChildProcess.run(
        HubTools.remotectl, arguments, environment: bus.environment.merging(stage.environment) { $1 },
        timeout: .seconds(60))
    }

    /// The proxy's Metadata, as `busctl --json=short` gives it: each key's data.
    func proxyMetadata() async throws -> [String: Any] {
      let result = try await bus.run(
        "busctl",
        [
          "--address", bus.address, "--json=short", "get-property", PrivateBus.proxyName,
          PrivateBus.mprisPath,
          PrivateBus.playerInterface, "Metadata",
        ])
      let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
      let entries = object?["data"] as? [String: Any] ?? [:]
      return entries.compactMapValues { ($0 as? [String: Any])?["data"] }
    }

  }

  /// Runs `body` with a ``Rig``; on a failure, the hub's log is added to the error.
  static func withHub(_ body: (Rig) async throws -> Void) async throws {
    try await PrivateBus.with { bus in
      try await ShairportSync.Stage.with(in: bus.directory) { stage in
        try await bus.startHub(
          ["--proxy", "on", "--http-port", "0", "--no-bridge"],
          environment: stage.environment.merging([
            "XDG_CONFIG_HOME": bus.directory.appendingPathComponent("config").path
          ]) { $1 })
        do {
          try await body(Rig(bus: bus, stage: stage))
        } catch {
          let log =
            (try? String(
              contentsOf: bus.directory.appendingPathComponent("remotectld.log"), encoding: .utf8)) ?? ""
          throw TestFailure("\(error)\nthe hub's log:\n\(log.suffix(6000))")
        }
      }
    }
  }

  @Test
  func
    `the AirPlay session is Now Playing with its title on the proxy as it starts, and its end gives it back`()
    async throws
  {
    try await Self.withHub { rig in
      // The local player played last and is paused (pausing a playing one as the stream starts
      // is the audio session's, tested with it).
      try await rig.startLocalPlayer()
      try await rig.bus.playerctl("-p", "local", "pause")
      try await rig.bus.waitUntil(playerctl: ["-p", "local", "status"], prints: "Paused")
      #expect(try await rig.bus.hubActive() == "local")
      let hub = try await rig.hubSignals()
      let proxy = try await rig.proxySignals()
      let sender = try rig.receiver.send(title: "Streamed From A Phone", seconds: 5)
      let start = try await sender.started()
      let nowPlaying = try await hub.wait(for: "NowPlayingChanged ('\(Self.relay)'")
      let title = try await proxy.wait(for: "Metadata", "'Streamed From A Phone'")
      try await rig.waitForNowPlaying(Self.relayPlayer)
      print(
        "AirPlay figure: stream start → Now Playing \(nowPlaying.arrival - start), "
          + "→ its title on the proxy \(title.arrival - start)")

      let end = try await sender.finished()
      let back = try await hub.wait(
        for: "NowPlayingChanged ('org.mpris.MediaPlayer2.local'", within: .seconds(30))
      try await rig.waitForNowPlaying("local")
      print("AirPlay figure: stream end → Now Playing back to the local player \(back.arrival - end)")
      await hub.stop()
      await proxy.stop()
      await sender.stop()
    }
  }

  @Test
  func
    `the proxy offers no Pause while the phone cannot be reached, and a Pause sent anyway fails saying so`()
    async throws
  {
    try await Self.withHub { rig in
      let sender = try rig.receiver.send(seconds: 10)
      try await sender.started()
      try await rig.waitForNowPlaying(Self.relayPlayer)
      try await rig.stage.waitUntilSounding()
      #expect(try await rig.receiver.remoteControlIsAvailable() == false)
      for property in ["CanPlay", "CanPause", "CanGoNext", "CanGoPrevious"] {
        #expect(try await rig.bus.read(PrivateBus.proxyName, property) == "b false", "\(property)")
      }
      let pause = try await rig.bus.run(
        "busctl", "--address", rig.bus.address, "call", PrivateBus.proxyName, PrivateBus.mprisPath,
        PrivateBus.playerInterface, "Pause")
      #expect(pause.status != 0, "\(pause)")
      #expect(pause.error.contains("cannot reach the AirPlay sender"), "\(pause)")

      // Every press the proxy accepts must reach something: none does here.
      var accepted = 0
      let presses = ["Play", "Pause", "PlayPause", "Next", "Previous"]
      for member in presses {
        let call = try await rig.bus.run(
          "busctl", "--address", rig.bus.address, "call", PrivateBus.proxyName, PrivateBus.mprisPath,
          PrivateBus.playerInterface, member)
        if call.status == 0 { accepted += 1 }
      }
      print("AirPlay figure: presses accepted by the proxy that go nowhere: \(accepted) of \(presses.count)")
      #expect(accepted == 0)
      // The stream plays on: nothing paused it.
      #expect(try await rig.receiver.playbackStatus() == "Playing")
      await sender.stop()
    }
  }

  @Test func `remotectl -l and the web remote list the AirPlay session, with its title`() async throws {
    try await Self.withHub { rig in
      let sender = try rig.receiver.send(title: "Listed Everywhere", seconds: 10)
      try await sender.started()
      try await rig.waitForNowPlaying(Self.relayPlayer)
      let list = try await rig.remotectl("-l")
      #expect(list.output.split(separator: "\n").contains { $0.hasPrefix(Self.relayPlayer) }, "\(list)")

      let device = try await PairedWebRemote.pair(on: rig.bus)
      let players = try await eventually("the web remote to list the AirPlay session") {
        () async throws -> String? in
        let answer = try await device.request("api/players")
        return answer.body.contains("Listed Everywhere") ? answer.body : nil
      }
      #expect(players.contains(Self.relayPlayer), "\(players)")
      await sender.stop()
    }
  }

  @Test func `the sender's metadata and artwork show on the proxy, and a track change reaches it`()
    async throws
  {
    try await Self.withHub { rig in
      let sender = try rig.receiver.send(
        title: "First Track", artist: "The Phone", album: "Loopback", seconds: 10)
      try await sender.started()
      try await rig.waitForNowPlaying(Self.relayPlayer)
      let metadata = try await eventually("the proxy to show the first track") {
        () async throws -> [String: Any]? in
        let metadata = try await rig.proxyMetadata()
        return metadata["xesam:title"] as? String == "First Track" ? metadata : nil
      }
      #expect(metadata["xesam:artist"] as? [String] == ["The Phone"], "\(metadata)")
      #expect(metadata["xesam:album"] as? String == "Loopback", "\(metadata)")
      let artwork = try #require(metadata["mpris:artUrl"] as? String, "\(metadata)")
      let bytes = try Data(contentsOf: #require(URL(string: artwork)))
      #expect(bytes.starts(with: [0xFF, 0xD8]), "\(artwork)")

      try await rig.stage.waitUntilSounding()
      let system = try await rig.receiver.monitor()
      let proxy = try await rig.proxySignals()
      try await sender.changeTrack(to: "Second Track")
      let source = try await system.wait(for: "org.mpris.MediaPlayer2.Player", "Metadata", "'Second Track'")
      let shown = try await proxy.wait(for: "Metadata", "'Second Track'")
      print(
        "AirPlay figure: shairport-sync's Metadata signal → the proxy's \(shown.arrival - source.arrival)")
      await system.stop()
      await proxy.stop()
      await sender.stop()
    }
  }

  @Test
  func `a shairport-sync that never gets a sender is listed, never Now Playing, and checked as a relay`()
    async throws
  {
    try await Self.withHub { rig in
      try await rig.startLocalPlayer()
      _ = try await eventually("the hub to list the receiver", { try await rig.bus.hubPlayers() }) {
        $0.contains(Self.relayPlayer)
      }
      #expect(try await rig.bus.hubActive() == "local")
      let play = try await rig.bus.playerctl("-p", Self.relayPlayer, "play")
      #expect(play.status != 0, "\(play)")

      let check = try await rig.remotectl("check", Self.relayPlayer)
      let note = check.output.split(separator: "\n").first.map(String.init) ?? ""
      #expect(
        note.hasPrefix(
          "NOTE \(Self.relay) is the Now Playing hub's relay of \(ShairportSync.mprisName) on the system bus ("
        ),
        "\(check)")
      #expect(note.contains("process \(rig.receiver.process.processIdentifier))"), "\(check)")
      #expect(note.hasSuffix("`remotectl check --system ShairportSync`"), "\(check)")
      #expect(try await rig.bus.hubActive() == "local")
    }
  }
}
