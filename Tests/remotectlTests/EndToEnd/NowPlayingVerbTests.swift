import BusTestSupport
import Foundation
import Testing

/// Every verb `remotectl --help` lists reaches the Now Playing player, or the one named with
/// `-p`, and never another: with the hub (its choice) and without it (the player that played
/// last, from remotectl's record). mpv (mpv-mpris, playing: the Now Playing player) beside
/// binaural (paused, with the extension interface mpv lacks): a verb mpv cannot do is an error
/// naming mpv, never an act on binaural. What each verb sent is read from `dbus-monitor`: the
/// commands (every method but `Get`, `GetAll` and `Introspect`) addressed to each player.
@Suite(
  "End to end: every verb reaches the Now Playing player or the named one, never another", .serialized,
  .enabled(if: Tools.mpvCanRun && PrivateBus.hubCanRun), .leavesNoChildProcesses, .timeLimit(.minutes(6)))
struct NowPlayingVerbTests {
  /// The verbs of `remotectl --help` that act on a player, with arguments. The hub's own commands
  /// (`hub`, `shift`, `unshift`, `select`, `pair`, `devices`, `interrupt`) act on the hub, and
  /// `watch` only reads; `button` goes through the hub, and is tried where a hub runs.
  static let verbs: [[String]] = [
    ["play"], ["pause"], ["play-pause"], ["stop"], ["next"], ["previous"], ["position", "1"],
    ["volume", "0.5"], ["status"], ["metadata"], ["open", "file:///nonexistent.ogg"], ["loop", "None"],
    ["shuffle", "off"], ["like"], ["dislike"], ["bookmark"], ["rate", "3"], ["skip-forward"],
    ["skip-backward"], ["languages"], ["language", "x"], ["tracks"], ["goto", "1"], ["playlists"],
    ["playlist", "x"], ["doctor"], ["check"],
  ]

  /// Calls that only read.
  static let reads: Set<String> = ["Get", "GetAll", "Introspect", "Ping"]

  /// A `dbus-monitor` of the bus's method calls, cut into the calls made between two markers.
  struct CallMonitor {
    let process: ChildProcess
    let bus: PrivateBus
    var markers = 0

    static func start(_ bus: PrivateBus) async throws -> CallMonitor {
      let process = try bus.start("dbus-monitor", ["--address", bus.address, "type='method_call'"])
      _ = try await process.line(within: .seconds(10)) { $0.contains("member=NameAcquired") }
      var monitor = CallMonitor(process: process, bus: bus)
      try await monitor.mark()
      return monitor
    }

    /// Sends a marker (the bus's `GetId`) and waits until the monitor shows it.
    mutating func mark() async throws {
      try await bus.run(
        "gdbus", "call", "--address", bus.address, "--dest", "org.freedesktop.DBus", "--object-path",
        "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.GetId")
      markers += 1
      let count = markers
      _ = try await eventually("dbus-monitor to show marker \(count)") { () -> Bool? in
        process.standardOutput.components(separatedBy: "member=GetId").count - 1 >= count ? true : nil
      }
    }

    /// The commands (not reads) sent since the previous marker to any of `destinations`,
    /// as `member` names; marks the end.
    mutating func commands(to destinations: Set<String>) async throws -> [String] {
      try await mark()
      let sections = process.standardOutput.components(separatedBy: "member=GetId")
      let section = sections[sections.count - 2]
      return section.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("method call"),
          let destination = line.firstRange(of: "destination=").map({
            line[$0.upperBound...].prefix { $0 != " " }
          }),
          destinations.contains(String(destination)),
          let member = line.firstRange(of: "member=").map({ String(line[$0.upperBound...]) }),
          !NowPlayingVerbTests.reads.contains(member)
        else { return nil }
        return member
      }
    }
  }

  /// The bus names a player is reached by: its well-known name and its connection's.
  func names(of player: String, on bus: PrivateBus) async throws -> Set<String> {
    let name = "org.mpris.MediaPlayer2.\(player)"
    let owner = try await bus.run(
      "gdbus", "call", "--address", bus.address, "--dest", "org.freedesktop.DBus", "--object-path",
      "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.GetNameOwner", name)
    let unique = owner.output.split(separator: "'").dropFirst().first.map(String.init) ?? ""
    return [name, unique]
  }

  /// Runs every verb (with `prefix` options) and returns those that sent a command to `other`;
  /// expects every refusal about what a player lacks to name `target`.
  func run(_ prefix: [String], target: String, other: String, on bus: PrivateBus, verbs: [[String]])
    async throws -> [String]
  {
    var monitor = try await CallMonitor.start(bus)
    let otherNames = try await names(of: other, on: bus)
    var wrong: [String] = []
    for verb in verbs {
      let result = try await bus.remotectl(arguments: prefix + verb)
      let toOther = try await monitor.commands(to: otherNames)
      if !toOther.isEmpty { wrong.append("\(verb.joined(separator: " ")) → \(other): \(toOther)") }
      if result.status != 0, result.error.contains("cannot") {
        #expect(result.error.contains(target), "\(prefix + verb): \(result.error)")
      }
    }
    await monitor.process.terminate()
    return wrong
  }

  @Test func `without a hub, play-pause pressed twice pauses mpv and resumes mpv, not binaural`() async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    try await bus.startMpv()
    #expect(try await bus.remotectl("play-pause").status == 0)
    try await bus.waitUntil(playerctl: ["-p", "mpv", "status"], prints: "Paused")
    #expect(try await bus.remotectl("play-pause").status == 0)
    try await bus.waitUntil(playerctl: ["-p", "mpv", "status"], prints: "Playing")
    #expect(try await bus.playerctl(["-p", "binaural", "status"]).output == "Paused\n")
    await bus.stop()
  }

  @Test(arguments: [["goto", "2"], ["playlist", "focus"]])
  func `without a hub, goto and playlist count: the next key goes to the player they went to`(
    verb: [String]
  ) async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    try await bus.startMpv()
    // The first key pauses mpv, which plays: mpv is first in the record.
    #expect(try await bus.remotectl("play-pause").status == 0)
    try await bus.waitUntil(playerctl: ["-p", "mpv", "status"], prints: "Paused")
    // The queue verb goes to binaural, which stays paused, and puts it first.
    #expect(try await bus.remotectl(arguments: ["-p", "binaural"] + verb).status == 0)
    #expect(try await bus.playerctl(["-p", "binaural", "status"]).output == "Paused\n")
    // Both paused: the next key goes to the player the last command went to, binaural, not mpv.
    #expect(try await bus.remotectl("play-pause").status == 0)
    try await bus.waitUntil(playerctl: ["-p", "binaural", "status"], prints: "Playing")
    #expect(try await bus.playerctl(["-p", "mpv", "status"]).output == "Paused\n")
    await bus.stop()
  }

  @Test func `with the hub, like on mpv Now Playing is an error naming mpv, and binaural is not liked`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub(["--no-http", "--no-bridge"])
    try await bus.startBinaural()
    try await bus.startMpv()
    try await bus.waitForHubListing("* mpv\n  binaural\n")
    for verb in ["like", "skip-forward"] {
      let result = try await bus.remotectl(verb)
      #expect(result.status == 1, "\(verb): \(result)")
      #expect(result.error.contains("mpv, the Now Playing hub's choice, cannot \(verb)"), "\(result.error)")
    }
    #expect(try await bus.remotectl("-p", "binaural", "like").status == 0, "named, binaural is liked")
    await bus.stop()
  }

  @Test(arguments: [false, true])
  func `every verb acts on the Now Playing player or the named one only`(hub: Bool) async throws {
    let bus = try await PrivateBus.start()
    if hub { try await bus.startHub(["--no-http", "--no-bridge"]) }
    try await bus.startBinaural()
    try await bus.startMpv()
    if hub { try await bus.waitForHubListing("* mpv\n  binaural\n") }
    // Without a hub, the first look notes mpv playing: it is Now Playing from then on.
    #expect(try await bus.remotectl("status").output == "Playing\n")
    let verbs = Self.verbs + (hub ? [["button", "press"]] : [])
    let nowPlaying = try await run([], target: "mpv", other: "binaural", on: bus, verbs: verbs)
    let named = try await run(
      ["-p", "binaural"], target: "binaural", other: "mpv", on: bus, verbs: Self.verbs)
    let wrong = nowPlaying + named
    print(
      "verbs acting on a player other than the Now Playing or named one, \(hub ? "with" : "without") the hub: "
        + "\(wrong.count) of \(verbs.count + Self.verbs.count)")
    #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    await bus.stop()
  }
}
