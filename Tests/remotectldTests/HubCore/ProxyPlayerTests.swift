import BusTestSupport
import Foundation
import HubAPI
import Testing

/// The proxy player, `org.mpris.MediaPlayer2.remotectld`, driven with playerctl, gdbus and busctl
/// beside binaural instances.
@Suite(
  "The proxy player", .serialized, .enabled(if: HubTools.playerctlCanRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct ProxyPlayerTests {
  /// Starts the hub, `a` and `b` (`b` one track further), and lets `b` play: the active player.
  private func busWithBPlaying() async throws -> PrivateBus {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    try await bus.startBinaural("a")
    try await bus.startBinaural("b")
    try await bus.tell("b", "\(PrivateBus.playerInterface).Next", announcing: "'Metadata'")
    try await bus.tell("b", "\(PrivateBus.playerInterface).Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await eventually("the hub makes b active", bus.hubActive, until: { $0 == "b" })
    try await eventually(
      "the proxy reads b's PlaybackStatus", { try await bus.read(PrivateBus.proxyName, "PlaybackStatus") },
      until: { $0 == "s \"Playing\"" })
    return bus
  }

  @Test func `metadata through the proxy is the active player's, and PlayPause reaches it alone`()
    async throws
  {
    let bus = try await busWithBPlaying()
    let titleA = try await bus.run("playerctl", "-p", "a", "metadata", "xesam:title").trimmed
    let titleB = try await bus.run("playerctl", "-p", "b", "metadata", "xesam:title").trimmed
    #expect(titleA != titleB, "b is one track further than a")
    // playerctl reaches the proxy under playerctld's name, which the hub holds.
    #expect(try await bus.run("playerctl", "-p", "playerctld", "metadata", "xesam:title").trimmed == titleB)
    #expect(
      try await bus.read(PrivateBus.proxyName, "Metadata")
        == (try await bus.read("org.mpris.MediaPlayer2.b", "Metadata")))
    let identity = try await bus.read(PrivateBus.proxyName, "Identity", interface: "org.mpris.MediaPlayer2")
    #expect(
      identity
        == (try await bus.read("org.mpris.MediaPlayer2.b", "Identity", interface: "org.mpris.MediaPlayer2")))

    let bSignals = try SignalMonitor(on: bus, sender: "org.mpris.MediaPlayer2.b")
    try await bSignals.ready()
    try await bus.gdbusCall(PrivateBus.proxyName, "\(PrivateBus.playerInterface).PlayPause")
    try await bSignals.wait(for: "'PlaybackStatus': <'Paused'>")
    #expect(try await bus.run("playerctl", "-p", "a", "status").trimmed == "Paused")
    #expect(try await bus.run("playerctl", "-p", "b", "status").trimmed == "Paused")
    await bSignals.stop()
    await bus.stop()
  }

  @Test func `a write through the proxy is answered once the player took it; its refusal passes through`()
    async throws
  {
    let bus = try await busWithBPlaying()
    let set = try await bus.busctlSet(PrivateBus.proxyName, "Volume", "d", "0.25")
    #expect(set.status == 0, "\(set.error)")
    // Answered only after b answered: b holds the new volume at once, no waiting.
    #expect(try await bus.read("org.mpris.MediaPlayer2.b", "Volume") == "d 0.25")
    #expect(try await bus.read("org.mpris.MediaPlayer2.a", "Volume") == "d 1")
    // binaural refuses a Rate above its MaximumRate in its own words; the proxy passes them on.
    let direct = try await bus.busctlSet("org.mpris.MediaPlayer2.b", "Rate", "d", "5")
    let proxied = try await bus.busctlSet(PrivateBus.proxyName, "Rate", "d", "5")
    #expect(direct.status != 0)
    #expect(proxied.status != 0)
    #expect(
      !direct.error.isEmpty && proxied.error == direct.error,
      "direct: \(direct.error) proxied: \(proxied.error)")
    await bus.stop()
  }

  @Test func `only the active player's signals come out of the proxy`() async throws {
    let bus = try await busWithBPlaying()
    let proxy = try SignalMonitor(on: bus, sender: PrivateBus.proxyName)
    try await proxy.ready()
    try await bus.set("a", "Volume", "<0.375>", announcing: "'Volume': <0.375>")
    try await bus.set("b", "Volume", "<0.625>", announcing: "'Volume': <0.625>")
    try await proxy.wait(for: "'Volume': <0.625>")
    #expect(
      !proxy.process.standardOutput.contains("0.375"), "a is not active: \(proxy.process.standardOutput)")
    await proxy.stop()
    await bus.stop()
  }

  @Test func `a switch is announced with every value that differs, then Seeked`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    try await bus.startBinaural("a")
    try await bus.startBinaural("b")
    try await bus.tell("b", "\(PrivateBus.playerInterface).Next", announcing: "'Metadata'")
    try await bus.set("b", "Volume", "<0.5>", announcing: "'Volume': <0.5>")
    try await bus.tell("a", "\(PrivateBus.playerInterface).Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await eventually(
      "the proxy follows a", { try await bus.read(PrivateBus.proxyName, "PlaybackStatus") },
      until: { $0 == "s \"Playing\"" })
    // a stays active while it plays: pause it, so that b takes over when it starts.
    try await bus.tell("a", "\(PrivateBus.playerInterface).Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await eventually(
      "the proxy reads a paused", { try await bus.read(PrivateBus.proxyName, "PlaybackStatus") },
      until: { $0 == "s \"Paused\"" })
    let titleB = try await bus.run("playerctl", "-p", "b", "metadata", "xesam:title").trimmed
    let proxy = try SignalMonitor(on: bus, sender: PrivateBus.proxyName)
    try await proxy.ready()
    try await bus.tell("b", "\(PrivateBus.playerInterface).Play", announcing: "'PlaybackStatus': <'Playing'>")
    let announcement = try await proxy.wait(for: "PropertiesChanged ('\(PrivateBus.playerInterface)'")
    // What differs is announced: b's status, volume, track and flags; what is the same is not.
    #expect(announcement.contains("'PlaybackStatus': <'Playing'>"), "\(announcement)")
    #expect(announcement.contains("'Volume': <0.5>"), "\(announcement)")
    #expect(announcement.contains(titleB), "\(announcement)")
    #expect(announcement.contains("'CanGoPrevious': <true>"), "\(announcement)")
    #expect(!announcement.contains("CanPlay"), "\(announcement)")
    try await proxy.wait(for: "\(PrivateBus.playerInterface).Seeked")
    let playerAnnouncements = proxy.process.standardOutput.split(separator: "\n").filter {
      $0.contains("PropertiesChanged ('\(PrivateBus.playerInterface)'")
    }
    #expect(playerAnnouncements.count == 1, "one PropertiesChanged for the switch: \(playerAnnouncements)")
    await proxy.stop()
    await bus.stop()
  }

  @Test func `with no player, calls fail with NoPlayer and reads are empty`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    // The hub owns its own name first; its proxy player's names come with the part that
    // publishes them.
    try await bus.waitForName(PrivateBus.proxyName)
    let call = try await bus.gdbusCallResult(PrivateBus.proxyName, "\(PrivateBus.playerInterface).PlayPause")
    #expect(call.status != 0)
    #expect(call.error.contains("\(Hub1.ErrorName.noPlayer)"), "\(call.error)")
    let write = try await bus.busctlSet(PrivateBus.proxyName, "Volume", "d", "0.5")
    #expect(write.status != 0)
    #expect(write.error.contains("no player"), "\(write.error)")
    #expect(try await bus.read(PrivateBus.proxyName, "PlaybackStatus") == "s \"Stopped\"")
    #expect(try await bus.read(PrivateBus.proxyName, "CanPlay") == "b false")
    #expect(try await bus.read(PrivateBus.proxyName, "Metadata") == "a{sv} 0")
    #expect(try await bus.read(PrivateBus.proxyName, "Position") == "x 0")
    await bus.stop()
  }

  /// How soon is a benchmark's to say (`Benchmarks/hub.sh`, switch latency), not a test's: a
  /// loaded machine decides it.
  @Test func `the active player killed: the proxy switches and announces it`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    let a = try await bus.startBinaural("a")
    try await bus.startBinaural("b")
    try await bus.tell("a", "\(PrivateBus.playerInterface).Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await eventually(
      "the proxy follows a", { try await bus.read(PrivateBus.proxyName, "PlaybackStatus") },
      until: { $0 == "s \"Playing\"" })
    let proxy = try SignalMonitor(on: bus, sender: PrivateBus.proxyName)
    try await proxy.ready()
    let killed = ContinuousClock.now
    a.kill()
    let announcement = try await proxy.wait(for: "PropertiesChanged ('\(PrivateBus.playerInterface)'")
    try await proxy.wait(for: "\(PrivateBus.playerInterface).Seeked")
    let elapsed = ContinuousClock.now - killed
    print("  active player killed → the proxy's Seeked seen by gdbus monitor after \(elapsed)")
    #expect(announcement.contains("'PlaybackStatus': <'Paused'>"), "b is paused: \(announcement)")
    #expect(try await bus.read(PrivateBus.proxyName, "PlaybackStatus") == "s \"Paused\"")
    await proxy.stop()
    await bus.stop()
  }

  @Test func `the proxy passes remotectl check while binaural is active`() async throws {
    let bus = try await busWithBPlaying()
    let check = try await bus.run(HubTools.remotectl, ["check", "remotectld"], timeout: .seconds(40))
    #expect(check.status == 0, "\(check.output)\(check.error)")
    #expect(check.output.contains("0 failed"), "\(check.output)")
    await bus.stop()
  }
}
