import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// Exclusive playback (`--exclusive`, `exclusive = yes`) with a real browser: Chromium, headless
/// with its own sandbox, and mpv with mpv-mpris, both run as the unprivileged user on PulseAudio.
/// With the setting on, the second to play pauses the first, whichever it is; with it off, both
/// play. A case takes 20–40 s (two players, one a browser).
@Suite(
  "Exclusive playback with Chromium and mpv, through the hub", .leavesNoChildProcesses,
  .timeLimit(.minutes(5)),
  .enabled(
    if: PulseAudioServer.requirement
      && .condition(getuid() == 0, "root (the players run as a user only root can make)")
      && RealPlayer.chromium.requirement && RealPlayer.mpv.requirement))
struct ExclusivePlaybackRealPlayerTests {
  @Test("--exclusive: mpv starting pauses Chromium, and Chromium played again pauses mpv")
  func secondToPlayPausesTheFirst() async throws {
    try await PlayerStage.run(on: .pulseAudio) { stage in
      try await stage.startHub(["--exclusive"])
      try await Self.withChromiumAndMPV(on: stage, chromiumFirst: true) { chromium, mpv in
        try await Self.waitForHubSetting("One player plays at a time", on: stage)
        // mpv started second (and plays: `start` waited for it): the hub pauses Chromium.
        try await Self.waitForStatus(chromium, "Paused", on: stage)
        #expect(try await mpv.status(on: stage) == "Playing")
        // Chromium played again, as a user's playerctl does: the hub pauses mpv.
        let played = try await stage.bus.playerctl("--player=\(chromium.playerctlName)", "play")
        #expect(played.succeeded, "\(played)")
        try await Self.waitForStatus(chromium, "Playing", on: stage)
        try await Self.waitForStatus(mpv, "Paused", on: stage)
      }
    }
  }

  @Test("exclusive playback off (the default): Chromium starting beside mpv leaves both playing")
  func bothPlayWhenOff() async throws {
    try await PlayerStage.run(on: .pulseAudio) { stage in
      try await stage.startHub()
      // mpv first: had the hub paused it for Chromium's start, mpv's own reply to the status
      // read below would already say so (it takes the hub's Pause before that read).
      try await Self.withChromiumAndMPV(on: stage, chromiumFirst: false) { chromium, mpv in
        try await Self.waitForHubSetting("Players may play together", on: stage)
        // Both said Playing to `start`. The hub has read Chromium (its GetAll answered, its
        // status given to the audio session on the same turn) once `remotectl hub` names the
        // volume it drives; the hub acts on a start as it takes it, so the round trip after that
        // (its Players, read by `remotectl hub`) comes after any Pause it would have sent.
        try await eventually(
          "the hub to have read Chromium", within: .seconds(30),
          { try await stage.bus.run(BuiltProducts.remotectl, ["hub"]).error },
          until: { $0.contains("Volume of \(chromium.playerctlName):") })
        let hub = try await stage.bus.run(BuiltProducts.remotectl, ["hub"])
        #expect(hub.output.contains(mpv.playerctlName), "\(hub)")
        #expect(try await mpv.status(on: stage) == "Playing")
        #expect(try await chromium.status(on: stage) == "Playing")
      }
    }
  }

  /// Starts Chromium and mpv, in the order given, each once the hub sees the one before it
  /// playing; runs `body`; stops both, whatever happened, adding the logs to a failure.
  private static func withChromiumAndMPV(
    on stage: PlayerStage, chromiumFirst: Bool,
    _ body: (_ chromium: RunningPlayer, _ mpv: RunningPlayer) async throws -> Void
  ) async throws {
    let order: [RealPlayer] = chromiumFirst ? [.chromium, .mpv] : [.mpv, .chromium]
    var running: [RunningPlayer] = []
    do {
      for player in order {
        if let before = running.last { try await stage.waitUntilTheHubSees(before) }
        running.append(try await player.start(on: stage))
      }
    } catch {
      for player in running.reversed() { await player.stop() }
      throw error
    }
    let players = Dictionary(uniqueKeysWithValues: running.map { ($0.player, $0) })
    guard let chromium = players[.chromium], let mpv = players[.mpv] else {
      for player in running.reversed() { await player.stop() }
      throw TestFailure("not both players started: \(running)")
    }
    do {
      try await body(chromium, mpv)
    } catch {
      for player in running.reversed() { await player.stop() }
      throw TestFailure(
        "\(error)\n\(stage.logs(of: chromium))\nmpv's log (end):\n\(stage.log(of: .mpv).suffix(1000))")
    }
    for player in running.reversed() { await player.stop() }
  }

  /// Waits until `remotectl hub` says `line` about exclusive playback.
  private static func waitForHubSetting(_ line: String, on stage: PlayerStage) async throws {
    try await eventually(
      "remotectl hub to say \(line)", { try await stage.bus.run(BuiltProducts.remotectl, ["hub"]).error },
      until: { $0.contains(line) })
  }

  /// Waits until `running` says it is `status` on the bus.
  private static func waitForStatus(_ running: RunningPlayer, _ status: String, on stage: PlayerStage)
    async throws
  {
    try await eventually(
      "\(running.player) to say it is \(status)", within: .seconds(30),
      { try await running.status(on: stage) },
      until: { $0 == status })
  }
}
