import BusTestSupport
import HubAPI
import Testing

/// The same scenario against remotectld and playerctld on one private bus: which player each
/// picks, step by step. Ours is pinned; playerctld's is recorded, and pinned where its choice
/// does not depend on timing (binaural announces nothing on its own; mpv-mpris does), so the
/// differences the documentation states stay true.
@Suite(
  "remotectld beside playerctld", .serialized, .enabled(if: HubTools.mpvCanRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(2)))
struct SideBySideTests {
  /// One step's choices.
  struct Choice: CustomStringConvertible {
    var step: String
    var ours: String
    var theirs: String
    var description: String { "\(step): remotectld \(ours), playerctld \(theirs)" }
  }

  @Test func `binaural and mpv starting, playing, pausing, quitting, a new idle player, and shift`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let playerctld = try await bus.startPlayerctld()
    // Side by side, not standing in: the hub leaves playerctld's name alone, so a call to it
    // never reaches the hub.
    try await bus.startHub(["--no-playerctld"])
    var choices: [Choice] = []
    /// playerctld 2.4.1 sometimes aborts while it reads a player's TrackList or Playlists
    /// (playerctl#268, #361); from then on its choice is recorded as crashed and nothing more is
    /// asked of it, while ours stays pinned.
    let crashed = "(playerctld crashed)"
    func theirsAlive() -> Bool { playerctld.exitStatus == nil }
    func expectTheirs(
      _ choice: Choice, _ expected: String, _ why: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      guard choice.theirs != crashed else { return }
      #expect(choice.theirs == expected, why, sourceLocation: sourceLocation)
    }

    /// Reads both choices once the step's effect has reached both daemons.
    func record(_ step: String) async throws -> Choice {
      // playerctld takes remotectld's proxy player for one more player, which plays whenever the
      // active one does; its choice among the real players is what compares.
      let choice = Choice(
        step: step, ours: try await bus.hubActive(),
        theirs: theirsAlive()
          ? (try? await bus.playerctldNames().first { $0 != "remotectld" } ?? "") ?? crashed : crashed)
      choices.append(choice)
      return choice
    }
    /// Waits until both daemons list player `name`.
    func listed(_ name: String) async throws {
      try await eventually("remotectld lists \(name)", bus.hubPlayers, until: { $0.contains(name) })
      try await eventually(
        "playerctld lists \(name)", { theirsAlive() ? (try? await bus.playerctldNames()) ?? [name] : [name] },
        until: { $0.contains(name) })
    }
    /// Stops a player and waits until neither daemon lists it.
    func quit(_ name: String, _ player: ChildProcess) async throws {
      await player.terminate()
      try await eventually("remotectld drops \(name)", bus.hubPlayers, until: { !$0.contains(name) })
      try await eventually(
        "playerctld drops \(name)", { theirsAlive() ? (try? await bus.playerctldNames()) ?? [] : [] },
        until: { !$0.contains(name) })
    }
    let playing = "'PlaybackStatus': <'Playing'>"
    let paused = "'PlaybackStatus': <'Paused'>"

    try await bus.startBinaural("a")
    try await listed("a")
    var choice = try await record("a appears, paused")
    #expect(choice.ours == "a")
    expectTheirs(choice, "a", "the first player")

    try await bus.tell("a", "org.mpris.MediaPlayer2.Player.Play", announcing: playing)
    choice = try await record("a plays")
    #expect(choice.ours == "a")
    expectTheirs(choice, "a", "the first player")

    let b = try await bus.startBinaural("b")
    try await listed("b")
    choice = try await record("b appears, paused, while a plays")
    #expect(choice.ours == "a", "a new idle player must not take over")
    // playerctld 2.4.1 makes a new player active once its Player and root GetAll answer, then
    // files it again behind the others when its TrackList and Playlists GetAll answer too:
    // binaural has both, so it never takes over there.
    expectTheirs(choice, "a", "playerctld keeps a new player that has a track list behind")

    try await bus.tell("a", "org.mpris.MediaPlayer2.Player.Pause", announcing: paused)
    choice = try await record("a pauses")
    #expect(choice.ours == "a", "the last active player stays, so the same key resumes it")
    expectTheirs(choice, "a", "playerctld counts pausing as activity")

    try await bus.set("b", "Volume", "<0.5>", announcing: "'Volume': <0.5>")
    choice = try await record("b's volume changes")
    #expect(choice.ours == "a", "Volume is not activity")
    expectTheirs(choice, "b", "playerctld counts any property change as activity")

    try await bus.tell("b", "org.mpris.MediaPlayer2.Player.Play", announcing: playing)
    choice = try await record("b plays")
    #expect(choice.ours == "b")
    expectTheirs(choice, "b", "both follow the player that starts playing")

    let mpv = try await bus.startMpv()
    try await listed("mpv")
    choice = try await record("mpv appears, paused, while b plays")
    #expect(choice.ours == "b", "a new idle player must not take over")

    try await bus.tell("mpv", "org.mpris.MediaPlayer2.Player.Play", announcing: playing)
    choice = try await record("mpv plays while b plays")
    #expect(choice.ours == "b", "the active player stays while it plays")

    try await bus.tell("b", "org.mpris.MediaPlayer2.Player.Pause", announcing: paused)
    choice = try await record("b pauses while mpv plays")
    #expect(choice.ours == "mpv", "a playing player wins over a paused one")
    // playerctld makes the player that paused (b) active, unless one of mpv-mpris's own later
    // announcements reaches it first: recorded, not pinned, since it depends on timing.

    let shifted = try await bus.gdbusCall(PrivateBus.hubName, "\(PrivateBus.hubInterface).Shift")
    let ourShift = PrivateBus.quotedStrings(in: shifted).first.map(PrivateBus.playerName)
    if theirsAlive() {
      _ = try await bus.gdbusCall(
        PrivateBus.playerctldName, "\(Playerctld.interface).\(Playerctld.Method.shift)")
    }
    choice = try await record("shift")
    #expect(choice.ours == ourShift)
    #expect(choice.ours == "b", "shift pins the next player in activity order: [mpv, b, a] → b")

    try await bus.tell(
      "a", "org.mpris.MediaPlayer2.Player.Seek", arguments: ["1000000"], announcing: "Seeked")
    choice = try await record("a seeks while b is pinned and mpv plays")
    #expect(choice.ours == "b", "a pin holds until the player goes away or another starts playing")

    try await quit("b", b)
    choice = try await record("b (pinned) quits")
    #expect(choice.ours == "mpv", "the pin ends; mpv plays")

    try await quit("mpv", mpv)
    choice = try await record("mpv quits")
    #expect(choice.ours == "a", "none plays: the most recent in the history (a started playing)")

    try await bus.startBinaural("c")
    try await listed("c")
    choice = try await record("c appears, paused")
    #expect(choice.ours == "a", "a new idle player must not take over")
    expectTheirs(choice, "a", "playerctld keeps a new player that has a track list behind")

    print(choices.map { "  \($0)" }.joined(separator: "\n"))
    await bus.stop()
  }
}
