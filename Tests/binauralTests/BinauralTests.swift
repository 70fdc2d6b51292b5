import BusTestSupport
import Foundation
import Testing

/// The built `binaural --output null` executable, driven end to end by playerctl on a private bus.
@Suite(.leavesNoChildProcesses) struct BinauralTests {
  /// `binaural`, built beside the test bundle.
  static var executable: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
      "binaural"
    ).path
  }

  static func playerctl(_ bus: PrivateBus, _ arguments: String...) async throws -> String {
    let result = try await bus.run("playerctl", ["--player=binaural"] + arguments)
    #expect(result.succeeded, "\(result)")
    return result.trimmed
  }

  /// Starts binaural on `bus` and waits until it owns its name.
  static func launch(on bus: PrivateBus) async throws -> ChildProcess {
    let binaural = try bus.start(executable, "--output", "null", "--bus-address", bus.address)
    let wait = try await bus.run(
      "gdbus", "wait", "--session", "--timeout", "10", "org.mpris.MediaPlayer2.binaural")
    #expect(wait.succeeded, "\(wait)\n\(binaural.standardError)")
    return binaural
  }

  @Test func everyPlayerctlVerbDrivesTheBinauralPlayer() async throws {
    let bus = try await PrivateBus.start()
    defer { Task { await bus.stop() } }
    let binaural = try await Self.launch(on: bus)
    defer { binaural.kill() }

    #expect(try await Self.playerctl(bus, "status") == "Paused", "it starts paused")
    let identity = try await bus.run(
      "busctl", "--user", "get-property", "org.mpris.MediaPlayer2.binaural", "/org/mpris/MediaPlayer2",
      "org.mpris.MediaPlayer2", "Identity")
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
    _ = try await Self.playerctl(bus, "position", "60")
    var position = try #require(Double(try await Self.playerctl(bus, "position")))
    #expect(position >= 60 && position < 65, "\(position)")
    _ = try await Self.playerctl(bus, "position", "10+")
    position = try #require(Double(try await Self.playerctl(bus, "position")))
    #expect(position >= 70 && position < 75, "\(position)")
    _ = try await Self.playerctl(bus, "position", "20-")
    position = try #require(Double(try await Self.playerctl(bus, "position")))
    #expect(position >= 50 && position < 55, "\(position)")

    _ = try await Self.playerctl(bus, "volume", "0.4")
    #expect(try await Self.playerctl(bus, "volume") == "0.400000")
    _ = try await Self.playerctl(bus, "loop", "Playlist")
    #expect(try await Self.playerctl(bus, "loop") == "Playlist")
    _ = try await Self.playerctl(bus, "shuffle", "On")
    #expect(try await Self.playerctl(bus, "shuffle") == "On")
    _ = try await Self.playerctl(bus, "shuffle", "Off")
    _ = try await Self.playerctl(bus, "loop", "None")

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
    let quit = try await bus.run(
      "gdbus", "call", "--session", "--dest", "org.mpris.MediaPlayer2.binaural", "--object-path",
      "/org/mpris/MediaPlayer2", "--method", "org.mpris.MediaPlayer2.Quit")
    #expect(quit.succeeded, "\(quit)")
    let status = try await binaural.waitForExit()
    let log = binaural.standardError
    #expect(status == 0, "\(log)")
    #expect(log.contains("released MPRIS name"), "\(log)")
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
    _ = try await Self.playerctl(bus, "position", "899")
    _ = try await monitor.next { $0.isSeeked && $0.position?.value.number == 899_000_000 }
    let restart = try await monitor.next { $0.isSeeked }
    #expect(restart.position == TypedValue(type: "x", value: .number(0)))
    #expect(try await Self.playerctl(bus, "metadata", "xesam:title") == "Theta 6 Hz · Meditation")

    // Repeat off, last preset: playback stops at its end.
    _ = try await Self.playerctl(bus, "loop", "None")
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
    let status = try await binaural.waitForExit()
    let log = binaural.standardError
    #expect(status == 0, "\(log)")
    #expect(log.contains("released MPRIS name"), "\(log)")
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
