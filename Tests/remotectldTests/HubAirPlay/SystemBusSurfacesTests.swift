import BusTestSupport
import Foundation
import HubAPI
import Testing

/// A player on the system bus, relayed as `NAME.system`, on the surfaces a person reads and
/// presses (issue 38: "players like the others", "its metadata and artwork show where Now
/// Playing shows"): GNOME Shell 43's media section, directly and through the proxy, with a real
/// player (binaural) on GNOME Shell's own system bus.
@Suite(
  "A system-bus player in GNOME Shell", .serialized,
  .enabled(if: HubTools.playerctlCanRun && GnomeShell.isInstalled), .leavesNoChildProcesses,
  .timeLimit(.minutes(6)))
struct SystemBusGnomeShellTests {
  @Test
  func
    `GNOME Shell shows a system-bus player's title, artist and artwork, itself and through the proxy, and its Play/Pause reach it`()
    async throws
  {
    try await GnomeShell.with(try await PrivateBus.start()) { shell in
      let bus = shell.bus
      let system = shell.systemBus
      // A player run as a system service (as mopidy or spotifyd are), and one of the session.
      try SystemBusClients.startBinaural("radio", on: system, session: bus)
      try await system.waitForName("org.mpris.MediaPlayer2.radio")
      try await bus.startBinaural("local")
      let hub = try await bus.startHub(
        ["--no-http"], environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
      let title = try await SystemBusClients.playerctl(system, "radio", "metadata", "title")
      let artist = try await SystemBusClients.playerctl(system, "radio", "metadata", "artist")
      let artwork = try await SystemBusClients.playerctl(system, "radio", "metadata", "mpris:artUrl")
      #expect(!title.isEmpty && !artist.isEmpty && artwork.hasPrefix("file://"))
      let card = GnomeShell.MediaCard(title: title, body: artist, cover: artwork)
      // `player`'s card shows radio's title, artist and artwork, and its Play/Pause reaches radio
      // on the system bus: radio's status after each press is `statuses`.
      func cardShowsRadio(_ player: String, _ what: String, pressing statuses: [String]) async throws {
        try await eventually(
          "\(what) card to show radio's title, artist and artwork", { try await shell.mediaCard(of: player) }
        ) {
          $0 == card
        }
        for status in statuses {
          try await shell.pressPlayPause(on: player)
          try await SystemBusClients.waitForStatus(status, of: "radio", on: system)
        }
      }

      // GNOME Shell shows every player itself (the hub publishes no proxy beside it): the relay
      // is a card of its own, with the player's title, artist and artwork.
      let relay = "org.mpris.MediaPlayer2.radio.system"
      try await eventually("GNOME Shell shows local and radio.system", within: .seconds(30)) {
        try await shell.mediaPlayers() == ["org.mpris.MediaPlayer2.local", relay]
      }
      // Its Play/Pause reaches the player on the system bus.
      try await cardShowsRadio(relay, "the relay's", pressing: ["Playing", "Paused"])

      // Through the proxy: what GNOME Shell shows of the Now Playing player.
      _ = await hub.terminate()
      try await eventually("the first hub is gone") {
        try await bus.run("busctl", "--address", bus.address, "status", PrivateBus.hubName).status != 0
      }
      try await bus.startHub(
        ["--no-http", "--proxy", "on"], environment: ["DBUS_SYSTEM_BUS_ADDRESS": system.address])
      let proxy = PrivateBus.proxyName
      try await eventually("GNOME Shell shows the proxy", within: .seconds(30)) {
        try await shell.mediaPlayers().contains(proxy)
      }
      _ = try await bus.playerctl("-p", "local", "play")
      try await eventually("local to be Now Playing", { try await bus.hubActive() }) { $0 == "local" }
      _ = try await bus.playerctl("-p", "local", "pause")
      try await bus.waitUntil(playerctl: ["-p", "local", "status"], prints: "Paused")
      // The service plays on its own (a stream came to it) while local, Now Playing, is paused:
      // the one that last started playing, it is Now Playing.
      _ = try await SystemBusClients.playerctl(system, "radio", "play")
      try await eventually("radio.system to be Now Playing", { try await bus.hubActive() }) {
        $0 == "radio.system"
      }
      // The proxy's Play/Pause reaches the player on the system bus, not the session's.
      try await cardShowsRadio(proxy, "the proxy's", pressing: ["Paused", "Playing"])
      #expect(try await bus.playerctl("-p", "local", "status").trimmed == "Paused")
      #expect(try await shell.mediaCard(of: proxy) == card)
    }
  }
}

/// A system-bus player, relayed as `NAME.system`, where `remotectl` and playerctl (through the
/// hub standing in for playerctld) read and drive it, with the tests' own system-bus player
/// (``SystemBusPlayer``).
@Suite(
  "A system-bus player in remotectl and playerctl", .serialized, .enabled(if: HubTools.playerctlCanRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct SystemBusCommandLineTests {
  @Test
  func `remotectl -p NAME.system reads and drives it, and status without -p reads it while Now Playing`()
    async throws
  {
    try await SystemBusPlayerTests.withSystemBus { bus, _, start in
      let player = try await start("twin")
      _ = try await start("twin", .session)
      try await eventually("the hub to list both", { try await bus.hubPlayers() }) {
        Set($0) == ["twin", "twin.system"]
      }
      #expect(try await Self.remotectl(bus, "-p", "twin.system", "status") == "Paused")
      #expect(
        try await Self.remotectl(bus, "-p", "twin.system", "metadata", "title") == "twin on the system bus")
      _ = try await Self.remotectl(bus, "-p", "twin.system", "play")
      try await player.took("call Play")
      try await eventually(
        "remotectl to read it Playing", { try await Self.remotectl(bus, "-p", "twin.system", "status") }
      ) {
        $0 == "Playing"
      }
      // Playing, it is Now Playing: status without -p is its.
      try await eventually("twin.system to be Now Playing", { try await bus.hubActive() }) {
        $0 == "twin.system"
      }
      #expect(try await Self.remotectl(bus, "status") == "Playing")
      let nowPlaying = try await Self.remotectl(bus, "metadata", "--format", "{{playerInstance}} {{title}}")
      #expect(nowPlaying == "twin.system twin on the system bus")
      _ = try await Self.remotectl(bus, "next")
      try await player.took("call Next")
    }
  }

  @Test func `remotectl -p NAME finds NAME.system when only that one exists, as playerctl does`() async throws
  {
    try await SystemBusPlayerTests.withSystemBus { bus, _, start in
      let player = try await start("lonely")
      try await eventually("the hub to list lonely.system", { try await bus.hubPlayers() }) {
        $0 == ["lonely.system"]
      }
      #expect(try await bus.playerctl("-p", "lonely", "status").trimmed == "Paused")
      #expect(try await Self.remotectl(bus, "-p", "lonely", "status") == "Paused")
      #expect(
        try await Self.remotectl(bus, "-p", "lonely", "metadata", "title") == "lonely on the system bus")
      _ = try await Self.remotectl(bus, "-p", "lonely", "next")
      try await player.took("call Next")
    }
  }

  @Test
  func `the hub standing in for playerctld lists it, and playerctl's commands reach it on the system bus`()
    async throws
  {
    try await SystemBusPlayerTests.withSystemBus { bus, _, start in
      let player = try await start("service")
      try await bus.startBinaural("local")
      try await bus.waitForName(PrivateBus.playerctldName)
      try await eventually("playerctld's PlayerNames to list both", { try await bus.playerctldNames() }) {
        Set($0) == ["local", "service.system"]
      }
      _ = try await bus.playerctl("-p", "service.system", "play")
      try await player.took("call Play")
      try await eventually("playerctld's PlayerNames to put it first", { try await bus.playerctldNames() }) {
        $0 == ["service.system", "local"]
      }
      // playerctl without -p follows playerctld's order: the relay first.
      let first = try await bus.playerctl("metadata", "--format", "{{playerInstance}} {{status}}").trimmed
      #expect(first == "service.system Playing")
      _ = try await bus.playerctl("next")
      try await player.took("call Next")
      // playerctld's own player (the hub's proxy) reads and drives it too.
      #expect(
        try await bus.playerctl("-p", "playerctld", "metadata", "title").trimmed
          == "service on the system bus")
      _ = try await bus.playerctl("-p", "playerctld", "previous")
      try await player.took("call Previous")
      // `playerctld shift` moves on to local and back.
      #expect(try await bus.run("playerctld", "shift").status == 0)
      try await eventually("local to be first", { try await bus.playerctldNames() }) { $0.first == "local" }
      #expect(try await bus.run("playerctld", "unshift").status == 0)
      try await eventually("service.system to be first again", { try await bus.playerctldNames() }) {
        $0.first == "service.system"
      }
    }
  }

  /// `remotectl ARGUMENTS…` on `bus`, its output trimmed; throws when it fails.
  static func remotectl(_ bus: PrivateBus, _ arguments: String...) async throws -> String {
    let result = try await bus.run(BuiltProducts.remotectl, arguments)
    guard result.status == 0 else { throw TestFailure("remotectl \(arguments) failed: \(result)") }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
