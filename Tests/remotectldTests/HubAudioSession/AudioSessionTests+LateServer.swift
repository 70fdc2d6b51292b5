import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// The hub started before the sound server, and the sound server restarted under it.
extension AudioSessionTests {
  /// `remotectl doctor`'s output on `bus`.
  static func doctor(on bus: PrivateBus) async throws -> String {
    try await bus.run(BuiltProducts.remotectl, ["doctor"]).output
  }

  @Test(
    "a sound server that starts after the hub, or restarts, is watched once it answers: a call pauses mpv")
  func aSoundServerStartedLaterIsWatched() async throws {
    let bus = try await PrivateBus.start()
    // The hub's PULSE_SERVER goes through a link that points at no server yet.
    let link = bus.directory.appendingPathComponent("pulse")
    let hub = try await bus.startHub(
      ["--no-http"], environment: ["PULSE_SERVER": "unix:\(link.path)/native"], capturingLog: true)
    var servers: [PulseAudioServer] = []
    do {
      try await eventually("doctor to say that the hub does not watch the sound server") {
        try await Self.doctor(on: bus).contains(
          "the hub does not watch the sound server (No sound server answered")
      }
      for round in ["started", "restarted"] {
        let server = try await PulseAudioServer.start()
        servers.append(server)
        try? FileManager.default.removeItem(at: link)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: server.directory)
        try await eventually("the hub to watch the \(round) server", within: .seconds(30)) {
          !(try await Self.doctor(on: bus).contains("does not watch the sound server"))
        }
        let mpv = try bus.start(
          "/usr/bin/env",
          [
            "PULSE_SERVER=\(server.address)", "mpv", "--no-config", "--idle=yes", "--pause",
            "--script=\(MPVPlugin.mpris ?? "")", "--no-video", "--ao=pulse", "--no-terminal",
            "av://lavfi:sine",
          ], standardError: .file("/dev/null"))
        try await bus.waitUntil(
          playerctl: ["--player=mpv", "status"], prints: "Paused", within: .seconds(20))
        // Played once the hub has heard it play: mpv-mpris's announcement, not only its state.
        let monitor = try SignalMonitor(on: bus, sender: "org.mpris.MediaPlayer2.mpv")
        try await monitor.ready()
        try await bus.playerctl("--player=mpv", "play")
        try await monitor.wait(for: "'Playing'")
        await monitor.stop()
        let call = try ChildProcess(
          "pacat", ["--raw", "--property=media.role=phone", "/dev/zero"], environment: server.environment)
        try await bus.waitUntil(playerctl: ["--player=mpv", "status"], prints: "Paused")
        _ = await call.terminate()
        try await bus.waitUntil(playerctl: ["--player=mpv", "status"], prints: "Playing")
        _ = await mpv.terminate()
        await server.stop()
        if round == "started" {
          try await eventually("doctor to say that the sound server went away") {
            try await Self.doctor(on: bus).contains("the hub does not watch the sound server (")
          }
        }
      }
      #expect(hub.exitStatus == nil, "the hub ended:\n\(hub.standardError)")
    } catch {
      let log = hub.standardError
      for server in servers { await server.stop() }
      await bus.stop()
      throw TestFailure("\(error)\nremotectld's log:\n\(log)")
    }
    await bus.stop()
  }
}
