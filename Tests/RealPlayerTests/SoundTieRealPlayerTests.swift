import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// The browsers tied to their sound whatever starts first and however loaded the machine is:
/// Chromium and Firefox ESR, run for real as the unprivileged user, started before the hub and
/// after it, on PulseAudio and on PipeWire's pulse server, with one core kept busy by a shell loop
/// (`while :; do :; done`) through every run. Each case starts its browser afresh
/// `SOUND_TIE_RUNS` times (3 unless set), and in every run a call pauses it and the loss of its
/// output pauses it; the hub must still run at the end of each, or its exit status and log are
/// the failure. The runs' tally (held N of N) is printed for BENCHMARKS.md.
///
/// The cases run one after another (`.serialized`), so that one core is busy, not one per case.
/// A run takes 15–40 s on a loaded machine, a case 1–2 minutes.
@Suite(
  "Browsers tied to their sound, whatever starts first, under load", .serialized, .leavesNoChildProcesses,
  .timeLimit(.minutes(5)),
  .enabled(
    if: PulseAudioServer.requirement
      && .condition(getuid() == 0, "root (the players run as a user only root can make)")))
struct SoundTieRealPlayerTests {
  /// The browsers installed (or those `REAL_PLAYERS` names).
  static let browsers = RealPlayer.selected.filter { [.chromium, .firefox].contains($0) }

  /// How many times each case starts its browser.
  static let runs = ProcessInfo.processInfo.environment["SOUND_TIE_RUNS"].flatMap { Int($0) } ?? 3

  @Test(
    "a call and a lost output pause the browser in every run, the hub started before it or after, one core busy",
    arguments: browsers, Arrangement.all)
  func tiedInEveryRun(_ player: RealPlayer, _ arrangement: Arrangement) async throws {
    let busy = try ChildProcess("sh", ["-c", "while :; do :; done"])
    var held = 0
    for run in 1...Self.runs {
      do {
        try await Self.run(player, arrangement)
        held += 1
      } catch {
        Issue.record("run \(run) of \(Self.runs): \(error)")
      }
    }
    await busy.terminate()
    print(
      "sound tie: \(player.rawValue), \(arrangement.testDescription), one core busy: held \(held) of \(Self.runs)"
    )
  }

  /// One run: the browser and the hub started in `arrangement`'s order, a call, then the lost
  /// headphones; throws what went wrong, with the logs.
  private static func run(_ player: RealPlayer, _ arrangement: Arrangement) async throws {
    try await PlayerStage.run(on: arrangement.server) { stage in
      var hub = arrangement.hub == .beforePlayer ? try await stage.startHub() : nil
      let running = try await player.start(on: stage)
      do {
        if hub == nil { hub = try await stage.startHub() }
        try await stage.waitUntilTheHubSees(running)
        try await exercise(running, on: stage)
        if let status = hub?.exitStatus { throw TestFailure("the hub exited (\(status))") }
      } catch {
        let exited = hub?.exitStatus.map { "the hub exited (\($0)); " } ?? ""
        await running.stop()
        throw TestFailure("\(exited)\(error)\n\(stage.logs(of: running))")
      }
      await running.stop()
    }
  }

  /// A call pauses the player; then, played again if the call's end left it paused, the loss of
  /// its output pauses it.
  private static func exercise(_ running: RunningPlayer, on stage: PlayerStage) async throws {
    let signals = try await PlayerSignals.watch(running, on: stage)
    do {
      var mark = signals.mark
      let call = try stage.call()
      do {
        _ = try await signals.announcement(of: "Paused", after: mark)
      } catch {
        _ = await call.terminate()
        throw TestFailure("a call did not pause \(running.player): \(error)")
      }
      _ = await call.terminate()
      if try await running.status(on: stage) != "Playing" {
        try await stage.bus.playerctl("--player=\(running.playerctlName)", "play")
        try await eventually("\(running.player) to play again") {
          try await running.status(on: stage) == "Playing"
        }
      }
      // The hub holds it Playing again (its proxy says so once its view, which feeds the audio
      // session on the same turn, took the announcement in).
      try await stage.waitUntilTheHubSees(running)
      mark = signals.mark
      try await stage.unplugHeadphones()
      do {
        _ = try await signals.announcement(of: "Paused", after: mark)
      } catch {
        throw TestFailure("the lost headphones did not pause \(running.player): \(error)")
      }
    } catch {
      await signals.stop()
      throw error
    }
    await signals.stop()
  }
}
