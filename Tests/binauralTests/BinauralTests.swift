import BusTestSupport
import Foundation
import HubSupport
import Testing

/// The built `binaural --output null` executable, driven end to end by playerctl on a private bus.
@Suite(.leavesNoChildProcesses) struct BinauralTests {
  /// `binaural`, built beside the test bundle.
  static var executable: String { BuiltProducts.binaural }

  /// Runs `playerctl --player=binaural ARGUMENTS`, expects it to succeed and returns its output,
  /// trimmed.
  static func playerctl(_ bus: PrivateBus, _ arguments: String...) async throws -> String {
    let result = try await bus.playerctl(["--player=binaural"] + arguments)
    #expect(result.succeeded, "\(result)")
    return result.trimmed
  }

  /// Starts binaural on `bus` and waits until it owns its name and clients read it paused on
  /// its first preset.
  static func launch(on bus: PrivateBus) async throws -> ChildProcess {
    let binaural = try bus.start(executable, "--output", "null", "--bus-address", bus.address)
    try await waitUntilReady(binaural, on: bus)
    return binaural
  }

  /// Waits until `binaural` owns its name on `bus` and clients read it paused on its first
  /// preset; a failure shows what it logged.
  static func waitUntilReady(_ binaural: ChildProcess, on bus: PrivateBus) async throws {
    do {
      try await bus.waitForPlayer("binaural", status: "Paused")
    } catch {
      throw TestFailure("\(error)\nbinaural's log:\n\(binaural.standardError)")
    }
  }

  /// Expects `binaural` to end by itself with status 0, having released its name.
  static func expectGracefulExit(
    _ binaural: ChildProcess, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let status = try await binaural.waitForExit()
    let log = binaural.standardError
    #expect(status == 0, "\(log)", sourceLocation: sourceLocation)
    #expect(
      log.contains("released org.mpris.MediaPlayer2.binaural"), "\(log)", sourceLocation: sourceLocation)
  }

  /// A position read back while playing, and when the read began.
  struct Reading {
    var position: Double
    var began: ContinuousClock.Instant
  }

  /// Reads the position (`playerctl position`).
  static func readPosition(_ bus: PrivateBus) async throws -> Reading {
    let began = ContinuousClock.now
    return Reading(position: try #require(Double(try await playerctl(bus, "position"))), began: began)
  }

  /// Seeks with `playerctl position ARGUMENT` while playing, reads the position back and expects
  /// `target`, plus at most the time playback went on since `since` began (or since the seek, for
  /// an absolute one): a bound measured, not guessed, however busy the machine is.
  static func expectSeek(
    _ bus: PrivateBus, _ argument: String, lands target: Double, since: Reading? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Reading {
    let seek = ContinuousClock.now
    _ = try await playerctl(bus, "position", argument)
    let reading = try await readPosition(bus)
    let playedAtMost = ContinuousClock.now - (since?.began ?? seek)
    let slack = Double(playedAtMost.components.seconds) + Double(playedAtMost.components.attoseconds) / 1e18
    #expect(
      reading.position >= target - 0.01 && reading.position <= target + slack + 0.01,
      "position \(argument): \(reading.position), expected \(target) to \(target + slack)",
      sourceLocation: sourceLocation)
    return reading
  }

  @Test func everyPlayerctlVerbDrivesTheBinauralPlayer() async throws {
    let bus = try await PrivateBus.start()
    defer { Task { await bus.stop() } }
    let binaural = try await Self.launch(on: bus)
    defer { binaural.kill() }

    #expect(try await Self.playerctl(bus, "status") == "Paused", "it starts paused")
    let identity = try await bus.busctl(
      "get-property", "org.mpris.MediaPlayer2.binaural", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2",
      "Identity")
    #expect(identity.trimmed == #"s "Binaural""#)
    #expect(try await Self.playerctl(bus, "metadata", "xesam:title") == "Delta 2 Hz · Deep sleep")
    #expect(try await Self.playerctl(bus, "metadata", "mpris:length") == "1200000000")
    #expect(
      try await Self.playerctl(bus, "metadata", "mpris:trackid")
        == "'/org/swift_remote_control/track/delta_2d2hz'")
    let art = try await Self.playerctl(bus, "metadata", "mpris:artUrl")
    let artPath = try #require(URL(string: art)).path
    #expect(
      FileManager.default.contents(atPath: artPath)?.prefix(8)
        == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))

    _ = try await Self.playerctl(bus, "play")
    #expect(try await Self.playerctl(bus, "status") == "Playing")
    var reading = try await Self.expectSeek(bus, "60", lands: 60)
    reading = try await Self.expectSeek(bus, "10+", lands: reading.position + 10, since: reading)
    _ = try await Self.expectSeek(bus, "20-", lands: reading.position - 20, since: reading)

    // Written properties are carried out after the write is answered.
    _ = try await Self.playerctl(bus, "volume", "0.4")
    try await bus.waitUntil(playerctl: ["--player=binaural", "volume"], prints: "0.400000")
    _ = try await Self.playerctl(bus, "loop", "Playlist")
    try await bus.waitUntil(playerctl: ["--player=binaural", "loop"], prints: "Playlist")
    _ = try await Self.playerctl(bus, "shuffle", "On")
    try await bus.waitUntil(playerctl: ["--player=binaural", "shuffle"], prints: "On")
    _ = try await Self.playerctl(bus, "shuffle", "Off")
    try await bus.waitUntil(playerctl: ["--player=binaural", "shuffle"], prints: "Off")
    _ = try await Self.playerctl(bus, "loop", "None")
    try await bus.waitUntil(playerctl: ["--player=binaural", "loop"], prints: "None")

    _ = try await Self.playerctl(bus, "next")
    #expect(try await Self.playerctl(bus, "metadata", "xesam:title") == "Theta 6 Hz · Meditation")
    #expect(try await Self.playerctl(bus, "status") == "Playing", "Next keeps playing")
    _ = try await Self.playerctl(bus, "previous")
    #expect(try await Self.playerctl(bus, "metadata", "xesam:title") == "Delta 2 Hz · Deep sleep")
    _ = try await Self.playerctl(bus, "play-pause")
    #expect(try await Self.playerctl(bus, "status") == "Paused")
    _ = try await Self.playerctl(bus, "stop")
    #expect(try await Self.playerctl(bus, "status") == "Stopped")
    #expect(try await Self.playerctl(bus, "position") == "0.000000")

    // Quit ends the process gracefully, releasing its name.
    let quit = try await bus.gdbus(
      "call", "--dest", "org.mpris.MediaPlayer2.binaural", "--object-path", "/org/mpris/MediaPlayer2",
      "--method", "org.mpris.MediaPlayer2.Quit")
    #expect(quit.succeeded, "\(quit)")
    try await Self.expectGracefulExit(binaural)
  }

  @Test func theEndOfAPresetGoesOnAsTheRepeatModeSays() async throws {
    let bus = try await PrivateBus.start()
    defer { Task { await bus.stop() } }
    let binaural = try await Self.launch(on: bus)
    defer { binaural.kill() }
    let titles = try bus.start(
      "playerctl", "--player=binaural", "--follow", "metadata", "--format", "{{xesam:title}}")
    defer { titles.kill() }
    let status = try bus.start("playerctl", "--player=binaural", "--follow", "status")
    defer { status.kill() }
    let monitor = try await bus.startSignalMonitor()
    defer { Task { await monitor.stop() } }
    #expect(try await titles.line() == "Delta 2 Hz · Deep sleep")
    #expect(try await status.line() == "Paused")

    // Repeat off: one second before the end, the next preset follows by itself.
    _ = try await Self.playerctl(bus, "play")
    _ = try await Self.playerctl(bus, "position", "1199")
    #expect(try await titles.line { $0.hasPrefix("Theta") } == "Theta 6 Hz · Meditation")
    #expect(try await Self.playerctl(bus, "status") == "Playing")

    // Repeat one: the preset starts again, which is a jump back to 0.
    _ = try await Self.playerctl(bus, "loop", "Track")
    try await bus.waitUntil(playerctl: ["--player=binaural", "loop"], prints: "Track")
    _ = try await Self.playerctl(bus, "position", "899")
    _ = try await monitor.next { $0.isSeeked && $0.position?.value.doubleValue == 899_000_000 }
    let restart = try await monitor.next { $0.isSeeked }
    #expect(restart.position == TypedValue(type: "x", value: .number(0)))
    #expect(try await Self.playerctl(bus, "metadata", "xesam:title") == "Theta 6 Hz · Meditation")

    // Repeat off, last preset: playback stops at its end.
    _ = try await Self.playerctl(bus, "loop", "None")
    try await bus.waitUntil(playerctl: ["--player=binaural", "loop"], prints: "None")
    for _ in 0..<3 { _ = try await Self.playerctl(bus, "next") }
    #expect(try await titles.line { $0.hasPrefix("Gamma") } == "Gamma 40 Hz · Concentration")
    _ = try await Self.playerctl(bus, "position", "299")
    #expect(try await status.line { $0 == "Stopped" } == "Stopped")
  }

  @Test func sigtermShutsBinauralDownGracefully() async throws {
    let bus = try await PrivateBus.start()
    defer { Task { await bus.stop() } }
    let binaural = try await Self.launch(on: bus)
    binaural.signal(SIGTERM)
    try await Self.expectGracefulExit(binaural)
  }

  @Test func anUnknownOutputIsRefusedInOneLine() async throws {
    let bus = try await PrivateBus.start()
    defer { Task { await bus.stop() } }
    let result = try await bus.run(Self.executable, "--output", "speakers")
    #expect(result.status != 0)
    #expect(
      result.error == "binaural: Unknown output \"speakers\"; use one of: "
        + "auto, pulse, pulse:SERVER, alsa, alsa:DEVICE, wav:PATH, null.\n", "\(result)")
  }

  @Test func anUnknownPresetIsRefusedInOneLineNamingThePresets() async throws {
    let bus = try await PrivateBus.start()
    defer { Task { await bus.stop() } }
    let result = try await bus.run(Self.executable, "--output", "null", "--preset", "zeta")
    #expect(result.status != 0)
    #expect(
      result.error == "binaural: unknown preset \"zeta\"; use one of: "
        + "delta-2hz, theta-6hz, alpha-10hz, beta-20hz, gamma-40hz\n", "\(result)")
  }

  @Test func anExplicitOutputThatCannotOpenIsRefusedInOneLine() async throws {
    let bus = try await PrivateBus.start()
    defer { Task { await bus.stop() } }
    let result = try await bus.run(Self.executable, "--output", "pulse:unix:/nonexistent/native")
    #expect(result.status != 0)
    #expect(
      result.error.hasPrefix("binaural: No PulseAudio server answered at unix:/nonexistent/native"),
      "\(result)")
    #expect(result.error.filter { $0 == "\n" }.count == 1, "\(result)")
  }
}
