import BusTestSupport
import Foundation
import Testing

/// The proxy forwards the active player's child objects of the MPRIS path
/// (`/org/mpris/MediaPlayer2/RemoteControl`) at the same path, and never announces a vendor
/// interface's changes at the MPRIS path itself: playerctld, on the same bus, survives it all.
@Suite(
  "The proxy player forwards child objects", .serialized, .enabled(if: HubTools.playerctlCanRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct ProxyChildObjectTests {
  private let childPath = ChildObjectPlayer.childPath
  private let remote = ChildObjectPlayer.remoteInterface

  /// busctl's introspection of the proxy's child object, or its error.
  private func introspectChild(_ bus: PrivateBus) async throws -> String {
    let result = try await bus.run(
      "busctl", ["--address", bus.address, "introspect", PrivateBus.proxyName, childPath])
    return result.output + result.error
  }

  private func childGet(_ bus: PrivateBus, _ destination: String) async throws -> String {
    let result = try await bus.run(
      "busctl", ["--address", bus.address, "get-property", destination, childPath, remote, "Level"])
    return result.trimmed
  }

  @Test func `a child object is forwarded while its player is active, and goes when it is not`() async throws
  {
    let bus = try await PrivateBus.start()
    let playerctld = try await bus.startPlayerctld()
    try await bus.startHub(["--no-playerctld"])
    try await bus.startChildObjectPlayer("childful", flavour: "sweet", hasChild: true, playing: true)
    try await eventually("the proxy serves the child object", { try await introspectChild(bus) }) {
      $0.contains(remote) && $0.contains(".Shout")
    }
    let proxy = try SignalMonitor(on: bus, sender: PrivateBus.proxyName)
    try await proxy.ready()

    // Calls, reads and writes reach the child object of the active player.
    #expect(
      try await bus.gdbusCall(PrivateBus.proxyName, "\(remote).Shout", ["hi"], path: childPath).contains(
        "'HI'"))
    #expect(try await childGet(bus, PrivateBus.proxyName) == "i 1")
    #expect(
      try await bus.read(PrivateBus.proxyName, "Flavour", interface: ChildObjectPlayer.vendorInterface)
        == "s \"sweet\"")
    let write = try await bus.run(
      "busctl",
      ["--address", bus.address, "set-property", PrivateBus.proxyName, childPath, remote, "Level", "i", "7"])
    #expect(write.status == 0, "\(write.error)")
    #expect(try await childGet(bus, "org.mpris.MediaPlayer2.childful") == "i 7")
    try await proxy.wait(
      for: "\(childPath): org.freedesktop.DBus.Properties.PropertiesChanged ('\(remote)', {'Level': <7>}")

    // The active player's child announcement is re-emitted at the child path.
    try await bus.gdbusCall("org.mpris.MediaPlayer2.childful", "\(remote).Bump", path: childPath)
    try await proxy.wait(
      for: "\(childPath): org.freedesktop.DBus.Properties.PropertiesChanged ('\(remote)', {'Level': <8>}")

    // A switch to a player without the child object (childful pauses, childless plays) removes
    // it; the vendor interface's differing value reads through, unannounced.
    try await bus.startChildObjectPlayer("childless", flavour: "sour", hasChild: false, playing: false)
    try await bus.tell(
      "childful", "\(PrivateBus.playerInterface).Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await bus.tell(
      "childless", "\(PrivateBus.playerInterface).Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await eventually("the hub makes childless active", bus.hubActive, until: { $0 == "childless" })
    try await eventually("the proxy drops the child object", { try await introspectChild(bus) }) {
      !$0.contains(remote)
    }
    try await eventually(
      "the proxy reads childless's Flavour",
      { try await bus.read(PrivateBus.proxyName, "Flavour", interface: ChildObjectPlayer.vendorInterface) },
      until: { $0 == "s \"sour\"" })
    let gone = try await bus.run(
      "busctl", ["--address", bus.address, "get-property", PrivateBus.proxyName, childPath, remote, "Level"])
    #expect(gone.status != 0, "the proxy still reads \(remote).Level: \(gone.output)")

    // The inactive player's child announcement is not re-emitted: its Bump is seen by the proxy
    // before the active player's Volume, whose announcement is waited for.
    try await bus.gdbusCall("org.mpris.MediaPlayer2.childful", "\(remote).Bump", path: childPath)
    try await bus.set("childless", "Volume", "<0.5>", announcing: "'Volume': <0.5>")
    try await proxy.wait(for: "'Volume': <0.5>")
    let seen = proxy.process.standardOutput
    #expect(!seen.contains("'Level': <9>"), "\(seen)")
    #expect(!seen.contains("('\(ChildObjectPlayer.vendorInterface)'"), "\(seen)")

    // playerctld watched every one of those names and is still there, answering.
    #expect(playerctld.exitStatus == nil, "playerctld ended: \(playerctld.exitStatus.map(String.init) ?? "")")
    #expect(try await bus.playerctldNames().contains("childless"))
    #expect(playerctld.exitStatus == nil)
    await proxy.stop()
    await bus.stop()
  }

  @Test func `a switch between two players with the child object announces its differing values there`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let playerctld = try await bus.startPlayerctld()
    try await bus.startHub(["--no-playerctld"])
    try await bus.startChildObjectPlayer("first", flavour: "sweet", hasChild: true, playing: true)
    try await bus.startChildObjectPlayer("second", flavour: "sour", hasChild: true, playing: false, level: 5)
    try await eventually("the hub makes first active", bus.hubActive, until: { $0 == "first" })
    try await eventually("the proxy reads first's Level", { try await childGet(bus, PrivateBus.proxyName) }) {
      $0 == "i 1"
    }
    let proxy = try SignalMonitor(on: bus, sender: PrivateBus.proxyName)
    try await proxy.ready()
    try await bus.tell(
      "first", "\(PrivateBus.playerInterface).Pause", announcing: "'PlaybackStatus': <'Paused'>")
    try await bus.tell(
      "second", "\(PrivateBus.playerInterface).Play", announcing: "'PlaybackStatus': <'Playing'>")
    try await proxy.wait(
      for: "\(childPath): org.freedesktop.DBus.Properties.PropertiesChanged ('\(remote)', {'Level': <5>}")
    #expect(try await childGet(bus, PrivateBus.proxyName) == "i 5")
    #expect(!proxy.process.standardOutput.contains("('\(ChildObjectPlayer.vendorInterface)'"))
    #expect(try await bus.playerctldNames().contains("second"))
    #expect(playerctld.exitStatus == nil)
    await proxy.stop()
    await bus.stop()
  }
}
