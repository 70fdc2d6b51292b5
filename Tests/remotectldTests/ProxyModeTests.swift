import BusTestSupport
import Foundation
import Testing

/// Where a desktop shell shows every player, the hub publishes no MPRIS name of its own; where
/// none does, the proxy player stands for the Now Playing one. `--proxy` decides otherwise.
@Suite(
  "When the hub publishes the proxy player", .serialized, .enabled(if: HubTools.canRun && .playerctl),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct ProxyModeTests {
  /// A stand-in for a shell's bus name: `name_owner.py NAME` owns NAME until killed.
  static let nameOwner = PythonProgram.path("name_owner.py")

  func names(_ bus: PrivateBus) async throws -> [String] {
    let result = try await bus.run("busctl", "--address", bus.address, "list", "--acquired", "--no-legend")
    return result.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
  }

  func hubProxy(_ bus: PrivateBus) async throws -> String {
    try await bus.run(
      "busctl", "--address", bus.address, "get-property", PrivateBus.hubName, PrivateBus.mprisPath,
      PrivateBus.hubInterface, "ProxyPublished", "ProxyReason"
    ).output
  }

  @Test func `auto follows a shell coming and going, and says why`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub(["--no-http"])
    try await bus.startBinaural("binaural")
    try await eventually("the proxy and playerctld's name are published") {
      let names = try await names(bus)
      return names.contains(PrivateBus.proxyName) && names.contains(PrivateBus.playerctldName)
    }
    #expect(try await hubProxy(bus).contains("no desktop shell shows every player"))

    let shell = try bus.start("/usr/bin/python3", [Self.nameOwner, "org.gnome.Shell"])
    _ = try await shell.line(within: .seconds(10)) { $0 == "OWNED" }
    // The proxy's name goes; playerctld's passes to GNOME's keys' player, which has no other
    // name, and where playerctl reads PlayerNames (MediaKeysTarget).
    try await eventually("the proxy's name is released, playerctld's the keys' player's alone") {
      let names = try await names(bus)
      return !names.contains(PrivateBus.proxyName) && names.contains(PrivateBus.playerctldName)
        && !names.contains("org.mpris.MediaPlayer2.playerctld.remotectld")
    }
    let listed = try await bus.run("playerctl", ["-l"])
    #expect(listed.output == "binaural\n", "\(listed)")
    #expect(try await hubProxy(bus).contains("GNOME Shell (org.gnome.Shell) shows every player"))
    let listing = try await bus.run(HubTools.remotectl, ["hub"])
    #expect(listing.output == "* binaural\n")
    #expect(listing.error.contains("publishes no proxy player"), "\(listing.error)")
    let doctor = try await bus.run(HubTools.remotectl, ["doctor"])
    #expect(doctor.output.contains("GNOME Shell (org.gnome.Shell) shows every player"), "\(doctor.output)")

    await shell.terminate()
    try await eventually("the proxy is published again, with playerctld's name") {
      let names = try await names(bus)
      return names.contains(PrivateBus.proxyName) && names.contains(PrivateBus.playerctldName)
        && !names.contains("org.mpris.MediaPlayer2.playerctld.remotectld")
    }
    #expect(try await hubProxy(bus).contains("no desktop shell shows every player"))
    let playerctld = try await bus.run("playerctl", ["-p", "playerctld", "status"])
    #expect(playerctld.status == 0, "\(playerctld)")
    #expect(try await bus.read(PrivateBus.proxyName, "Identity", interface: "org.mpris.MediaPlayer2") != "")
    await bus.stop()
  }

  @Test func `off publishes no MPRIS name, and the hub keeps arbitrating`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub(["--no-http", "--proxy", "off"])
    try await bus.startBinaural("binaural")
    try await eventually("the hub lists binaural") { try await bus.hubPlayers() == ["binaural"] }
    let names = try await names(bus)
    #expect(!names.contains(PrivateBus.proxyName) && !names.contains(PrivateBus.playerctldName))
    #expect(try await hubProxy(bus).contains("--proxy off"))
    await bus.stop()
  }

  @Test func `on publishes the proxy beside a shell`() async throws {
    let bus = try await PrivateBus.start()
    let shell = try bus.start("/usr/bin/python3", [Self.nameOwner, "org.kde.plasmashell"])
    _ = try await shell.line(within: .seconds(10)) { $0 == "OWNED" }
    try await bus.startHub(["--no-http", "--proxy", "on"])
    try await eventually("the proxy is published") { try await names(bus).contains(PrivateBus.proxyName) }
    #expect(try await hubProxy(bus).contains("--proxy on"))
    await bus.stop()
  }

  @Test func `the configuration file sets the mode, and a bad line is named`() async throws {
    let bus = try await PrivateBus.start()
    let file = bus.directory.appendingPathComponent("remotectld.conf")
    try "# the proxy never\nproxy = off\n".write(to: file, atomically: true, encoding: .utf8)
    try await bus.startHub(["--no-http", "--config", file.path])
    #expect(try await hubProxy(bus).contains("--proxy off"))
    try "proxy = sometimes\n".write(to: file, atomically: true, encoding: .utf8)
    let refused = try await bus.runHub(["--no-http", "--config", file.path])
    #expect(refused.status != 0)
    let expected = "remotectld.conf:1: proxy must be auto, on, playerctld or off, not \"sometimes\""
    #expect(refused.error.contains(expected), "\(refused.error)")
    await bus.stop()
  }
}
