import BusTestSupport
import Foundation
import HubAPI
import Testing

/// remotectl with the Now Playing hub (remotectld) on a private bus: commands without -p go to
/// the hub's choice, and `hub`, `shift`, `unshift`, `select` act on it.
@Suite(
  "End to end: remotectl and the Now Playing hub", .serialized,
  .enabled(if: Tools.busTestsCanRun && PrivateBus.hubCanRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct HubCommandTests {
  /// A hub, then players a and b (both paused); b played and paused, so the hub's choice is b
  /// while remotectl's own one look (both paused: by name) says a.
  static func busWhereTheHubChoosesB() async throws -> (PrivateBus, ChildProcess) {
    let bus = try await PrivateBus.start()
    let hub = try await bus.startHub()
    try await bus.startBinaural(name: "a")
    try await bus.startBinaural(name: "b")
    try await bus.waitForHubListing("* a\n  b\n")
    #expect(try await bus.playerctl(["-p", "b", "play"]).status == 0)
    try await bus.waitForHubListing("* b\n  a\n")
    #expect(try await bus.playerctl(["-p", "b", "pause"]).status == 0)
    #expect(try await bus.playerctl(["-p", "b", "status"]).output == "Paused\n")
    return (bus, hub)
  }

  @Test func `without -p a command goes to the hub's choice, and to remotectl's own once the hub is gone`()
    async throws
  {
    let (bus, hub) = try await Self.busWhereTheHubChoosesB()
    // The paused b stays the hub's choice: the same key resumes it.
    try await bus.waitForHubListing("* b\n  a\n")
    #expect(try await bus.remotectl("-f", "{{playerName}}", "status").output == "b\n")
    #expect(try await bus.remotectl("play-pause").status == 0)
    #expect(try await bus.playerctl(["-p", "b", "status"]).output == "Playing\n")
    #expect(try await bus.playerctl(["-p", "a", "status"]).output == "Paused\n")
    #expect(try await bus.remotectl("pause").status == 0)
    // -p still decides when given.
    #expect(try await bus.remotectl("-p", "a,b", "-f", "{{playerName}}", "status").output == "a\n")
    // Without the hub: both paused, b the one remotectl last sent a command to (its record).
    #expect(await hub.terminate() == 0)
    #expect(try await bus.remotectl("-f", "{{playerName}}", "status").output == "b\n")
    await bus.stop()
  }

  @Test func `hub lists the players in activity order with the active one marked`() async throws {
    let (bus, _) = try await Self.busWhereTheHubChoosesB()
    let result = try await bus.remotectl("hub")
    #expect(result.status == 0)
    #expect(result.output == "* b\n  a\n")
    await bus.stop()
  }

  @Test func `shift, unshift and select change the hub's choice, and commands follow it`() async throws {
    let (bus, _) = try await Self.busWhereTheHubChoosesB()
    let shift = try await bus.remotectl("shift")
    #expect(shift.status == 0, "\(shift)")
    #expect(shift.output == "a\n")
    #expect(try await bus.remotectl("hub").output == "* a\n  b\n")
    #expect(try await bus.remotectl("-f", "{{playerName}}", "status").output == "a\n")
    let unshift = try await bus.remotectl("unshift")
    #expect(unshift.output == "b\n")
    #expect(try await bus.remotectl("hub").output == "* b\n  a\n")
    #expect(try await bus.remotectl("select", "a").status == 0)
    #expect(try await bus.remotectl("hub").output == "* a\n  b\n")
    #expect(try await bus.remotectl("select", "org.mpris.MediaPlayer2.b").status == 0)
    #expect(try await bus.remotectl("hub").output == "* b\n  a\n")
    await bus.stop()
  }

  @Test func `select of an unknown player says which players there are`() async throws {
    let (bus, _) = try await Self.busWhereTheHubChoosesB()
    let result = try await bus.remotectl("select", "nosuch")
    #expect(result.status == 1)
    #expect(
      result.error
        == "no player \"nosuch\"; the players are: org.mpris.MediaPlayer2.b, org.mpris.MediaPlayer2.a\n")
    await bus.stop()
  }

  @Test(arguments: [["hub"], ["hub", "--follow"], ["shift"], ["unshift"], ["select", "a"]])
  func `without a hub, the hub's commands say how to start it`(arguments: [String]) async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural(name: "a")
    let result = try await bus.remotectl(arguments: arguments)
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("The Now Playing hub is not running: start it with `remotectld &`"))
    #expect(result.error.contains("systemctl --user start remotectld"))
    // Commands without -p work as before.
    #expect(try await bus.remotectl("-f", "{{playerName}}", "status").output == "a\n")
    await bus.stop()
  }

  @Test func `hub --follow prints every change, an empty line without a hub, and ends with the bus`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let hub = try await bus.startHub()
    try await bus.startBinaural(name: "a")
    try await bus.waitForHubListing("* a\n")
    let follower = try bus.startRemotectl(["hub", "--follow"])
    #expect(await follower.nextLine() == "*a")
    try await bus.startBinaural(name: "b")
    #expect(await follower.nextLine() == "*a b")
    #expect(try await bus.playerctl(["-p", "b", "play"]).status == 0)
    #expect(await follower.nextLine() == "*b a")
    #expect(try await bus.remotectl("shift").output == "a\n")
    #expect(await follower.nextLine() == "*a b")
    #expect(await hub.terminate() == 0)
    #expect(await follower.nextLine() == "")
    try await bus.startHub()
    // A new hub, no history: b plays, so b is active.
    #expect(await follower.nextLine() == "*b a")
    // As the other followers: the session is over, exit 143 (playerctl is ended by SIGTERM).
    await bus.kill()
    #expect(try await follower.waitForExit(within: .seconds(10)) == 143)
    await bus.stop()
  }

  @Test func `a hub that never answers delays a command by half a second, not five`() async throws {
    let bus = try await busWithAMuteHub()
    let started = ContinuousClock.now
    let result = try await bus.remotectl("-f", "{{playerName}}", "status")
    let elapsed = ContinuousClock.now - started
    #expect(result.output == "a\n", "\(result)")
    #expect(elapsed < .seconds(2), "remotectl took \(elapsed)")
    await bus.stop()
  }

  @Test
  func `a hub that never answers delays a press by half a second, and the player gets it from remotectl`()
    async throws
  {
    let bus = try await busWithAMuteHub()
    let started = ContinuousClock.now
    let result = try await bus.remotectl("play")
    let elapsed = ContinuousClock.now - started
    #expect(result.status == 0, "\(result)")
    #expect(elapsed < .seconds(2), "remotectl took \(elapsed)")
    #expect(try await bus.playerctl(["-p", "a", "status"]).output == "Playing\n")
    await bus.stop()
  }

  @Test func `following without -p shows the hub's choice as it changes`() async throws {
    let (bus, hub) = try await Self.busWhereTheHubChoosesB()
    try await bus.waitForHubListing("* b\n  a\n")
    let follower = try bus.startRemotectl(["-F", "-f", "{{playerName}} {{status}}", "status"])
    #expect(await follower.nextLine() == "b Paused")
    #expect(try await bus.remotectl("select", "a").status == 0)
    #expect(await follower.nextLine() == "a Paused")
    #expect(try await bus.remotectl("shift").output == "b\n")
    #expect(await follower.nextLine() == "b Paused")
    // Without the hub, the follower's own choice: it saw nobody start playing; both paused, by name.
    #expect(await hub.terminate() == 0)
    #expect(await follower.nextLine() == "a Paused")
    await follower.terminate()
    await bus.stop()
  }

  /// A new bus with binaural as `a` and `b`, and a program that owns the hub's name and reads
  /// nothing, so that no call to the hub (Send included) is ever answered.
  private func busWithAMuteHub() async throws -> PrivateBus {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural(name: "a")
    try await bus.startBinaural(name: "b")
    let mute = try bus.start(
      "/usr/bin/python3",  // Debian's, with python3-dbus
      [PythonProgram.path("mute_hub.py")])
    _ = try await mute.line(within: .seconds(10)) { $0 == "owned" }
    return bus
  }
}
