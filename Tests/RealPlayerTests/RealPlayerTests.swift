import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// The hub in the world people already have: Chromium, Firefox ESR, VLC, mpv and a sandboxed
/// mpv, run for real as an unprivileged user, playing on "headphones" beside "speakers", on
/// PulseAudio and on PipeWire's pulse server, with the hub started before the player and after
/// it, and Debian's playerctld running beside it all: 20 cases, each named by its player, server
/// and hub order (`REAL_PLAYERS=vlc,mpv` runs only those players).
///
/// A case takes 10–40 s, the whole matrix about 50 s at `make test`'s width of 8 here. The limit
/// is 5 minutes, not the house's 3: a browser's case first waits for one of the run's two
/// browser slots (``BrowserSlots``), which the other browser suites share.
@Suite(
  "Real players beside the hub", .leavesNoChildProcesses, .timeLimit(.minutes(5)),
  .enabled(
    if: PulseAudioServer.requirement
      && .condition(getuid() == 0, "root (the players run as a user only root can make)")))
struct RealPlayerTests {
  /// Starts `player` in `arrangement` and checks what a user would.
  @Test(
    "a call pauses it and its end resumes it, unplugging pauses it and plugging back does nothing, playerctld lives",
    arguments: RealPlayer.selected, Arrangement.all)
  func playerBesideTheHub(_ player: RealPlayer, _ arrangement: Arrangement) async throws {
    try await PlayerStage.run(on: arrangement.server) { stage in
      var hub = arrangement.hub == .beforePlayer ? try await stage.startHub() : nil
      let running = try await player.start(on: stage)
      do {
        if hub == nil { hub = try await stage.startHub() }
        try await Self.exercise(running, arrangement, on: stage)
      } catch {
        await running.stop()
        let exited = hub?.exitStatus.map { "the hub exited (\($0)); " } ?? ""
        throw TestFailure("\(exited)\(error)\n\(stage.logs(of: running))")
      }
      // A hub gone by the end explains every check that failed: it is the failure, with its log.
      if let status = hub?.exitStatus {
        Issue.record("the hub exited (\(status)) during the run\n\(stage.logs(of: running))")
      }
      await running.stop()
    }
  }

  /// What every run must show, each failure recorded on its own so that one run tells all.
  private static func exercise(_ running: RunningPlayer, _ arrangement: Arrangement, on stage: PlayerStage)
    async throws
  {
    let signals = try await PlayerSignals.watch(running, on: stage)
    do {
      try await exercise(running, arrangement, watching: signals, on: stage)
    } catch {
      await signals.stop()
      throw error
    }
    await signals.stop()
  }

  private static func exercise(
    _ running: RunningPlayer, _ arrangement: Arrangement, watching signals: PlayerSignals,
    on stage: PlayerStage
  ) async throws {
    try await stage.waitUntilTheHubSees(running)
    var figures = Figures(player: running.player, arrangement: arrangement)

    // A call pauses it, its end resumes it, and it stays playing.
    var mark = signals.mark
    var eventMark = stage.events.count
    let call = try stage.call()
    let called = await check("a call pauses \(running.player)", running, stage) {
      let paused = try await signals.announcement(of: "Paused", after: mark)
      let index = try await eventually("the call's stream") {
        try? await stage.server.sinkInput(ofProcess: call.processIdentifier)
      }
      let appeared = try await stage.events.first(after: eventMark, "the call's stream to appear") {
        $0.contains("'new' on sink-input #\(index)")
      }
      figures.callMilliseconds = Figures.milliseconds(appeared.at.duration(to: paused.at))
    }
    mark = signals.mark
    _ = await call.terminate()
    if called {
      await check("the call's end resumes \(running.player), which then stays Playing", running, stage) {
        let resumed = try await signals.announcement(of: "Playing", after: mark)
        try await Task.sleep(for: .seconds(1))
        let since = signals.announcements(after: resumed.index + 1)
        guard since.isEmpty else { throw TestFailure("it flapped after resuming: \(since)") }
        let status = try await running.status(on: stage)
        guard status == "Playing" else { throw TestFailure("it is \(status) a second after resuming") }
      }
    }

    // Unplugging the headphones pauses it; it plays first, played again if the call left it
    // paused, so that this check stands on its own.
    if try await running.status(on: stage) != "Playing" {
      try await stage.bus.playerctl("--player=\(running.playerctlName)", "play")
      try await eventually("\(running.player) to play again") {
        try await running.status(on: stage) == "Playing"
      }
    }
    let before = try await running.status(on: stage)
    mark = signals.mark
    eventMark = stage.events.count
    try await stage.unplugHeadphones()
    await check("unplugging the headphones pauses \(running.player) (it was \(before))", running, stage) {
      let paused = try await signals.announcement(of: "Paused", after: mark)
      let removed = try await stage.events.first(after: eventMark, "the headphones' removal") {
        $0.contains("'remove' on sink #\(stage.headphonesIndex)")
      }
      figures.lostOutputMilliseconds = Figures.milliseconds(removed.at.duration(to: paused.at))
    }

    // Plugging them back starts nothing.
    let unplugged = try await running.status(on: stage)
    mark = signals.mark
    eventMark = stage.events.count
    try await stage.plugHeadphonesBack()
    await check("plugging the headphones back starts nothing", running, stage) {
      let index = try await stage.server.sinkIndex("headphones")
      _ = try await stage.events.first(after: eventMark, "the headphones' return") {
        $0.contains("'new' on sink #\(index)")
      }
      try await Task.sleep(for: .seconds(1))
      let started = signals.announcements(after: mark).filter { PlayerSignals.announces("Playing", $0.text) }
      guard started.isEmpty else { throw TestFailure("it was started: \(started)") }
      let status = try await running.status(on: stage)
      guard status == unplugged else { throw TestFailure("it went from \(unplugged) to \(status)") }
    }

    // playerctld ran beside the hub through it all, and lists the player.
    if stage.playerctld.exitStatus != nil, stage.playerctldLog.contains(Self.nullPropertiesCrash) {
      // playerctld 2.4.1's own race, hub or not: it makes a player active before it has the
      // player's properties, and dies putting that null into the signals it re-emits. VLC gets
      // there by owning two MPRIS names on two connections (playerctld shields only the newest name
      // still waiting for its GetAll replies, so a PropertiesChanged from the other one makes it
      // active); side by side on one loaded machine, fresh playerctld each time: 26 of 64 VLC
      // starts without the hub, 27 of 64 with it, and no signal of the hub's in any crash.
      // Firefox gets there by owning its name before its object exists (playerctld's log: "could
      // not get properties for active player: Object does not exist"), seen once in a loaded run;
      // not counted side by side. Recorded as a known issue, so that the run's other checks stand;
      // any other end of playerctld fails the run.
      withKnownIssue(
        "playerctld 2.4.1 crashes (\(Self.nullPropertiesCrash)) on a player whose properties it has not got, hub or not",
        isIntermittent: true
      ) {
        Issue.record(
          "playerctld ended (\(stage.playerctld.exitStatus ?? 0)):\n\(stage.playerctldLog.suffix(1000))")
      }
    } else {
      let listsThePlayer = {
        guard stage.playerctld.exitStatus == nil else {
          throw TestFailure("playerctld ended (\(stage.playerctld.exitStatus ?? 0))")
        }
        let all = try await stage.bus.playerctl("--list-all")
        guard all.output.split(separator: "\n").contains(Substring(running.playerctlName)) else {
          throw TestFailure("playerctl --list-all does not list \(running.playerctlName): \(all)")
        }
        let names = try await stage.bus.busctl(
          "get-property", "org.mpris.MediaPlayer2.playerctld", "/org/mpris/MediaPlayer2",
          "com.github.altdesktop.playerctld", "PlayerNames")
        guard names.output.contains("\"\(running.busName)\"") else {
          throw TestFailure("playerctld's PlayerNames lack \(running.busName): \(names)")
        }
      }
      if stage.playerctldLog.contains(Self.objectMissing) {
        // The same race as the crash above, survived: playerctld asked for the properties of a
        // player whose object was not there yet (Firefox owns its name first) and, without them,
        // may list it no more (seen once, Firefox ESR on PipeWire, in a loaded CI run). The hub
        // has no part in it: playerctld reads players straight.
        await withKnownIssue(
          "playerctld 2.4.1 may drop a player it asked before the player's object existed, hub or not",
          isIntermittent: true
        ) {
          try await listsThePlayer()
        }
      } else {
        await check("playerctld still runs and lists \(running.player)", running, stage) {
          try await listsThePlayer()
        }
      }
    }
    try figures.record()
  }

  /// What playerctld 2.4.1 logs before it dies of a null pointer: the properties of the player
  /// it made active, which it does not have.
  private static let nullPropertiesCrash = "g_variant_ref_sink: assertion 'value != NULL' failed"

  /// What playerctld 2.4.1 logs when it asked a player for its properties before the player's
  /// object existed.
  private static let objectMissing =
    "could not get properties for active player: GDBus.Error:org.freedesktop.DBus.Error.UnknownMethod: Object does not exist"

  /// Runs `body`; a failure is recorded, with the logs that tell why, and `false` returned.
  @discardableResult
  private static func check(
    _ what: String, _ running: RunningPlayer, _ stage: PlayerStage, _ body: () async throws -> Void
  ) async -> Bool {
    do {
      try await body()
      return true
    } catch {
      Issue.record("\(what): \(error)\n\(stage.logs(of: running))")
      return false
    }
  }
}
