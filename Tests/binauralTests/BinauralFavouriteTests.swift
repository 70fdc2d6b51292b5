import BusTestSupport
import Foundation
import Testing

/// binaural's like: the current preset becomes a favourite, kept in `$XDG_DATA_HOME` across
/// restarts, and its skip interval published on the extension interface.
@Suite(.leavesNoChildProcesses) struct BinauralFavouriteTests {
  static let interface = "io.github.swift_remote_control.RemoteControl1"

  /// Starts binaural with its data in `dataHome` and waits until it owns its name.
  static func launch(on bus: PrivateBus, dataHome: URL) async throws -> ChildProcess {
    let binaural = try ChildProcess(
      BinauralTests.executable, ["--output", "null", "--bus-address", bus.address],
      environment: bus.environment.merging(["XDG_DATA_HOME": dataHome.path]) { $1 })
    let wait = try await bus.run(
      "gdbus", "wait", "--session", "--timeout", "10", "org.mpris.MediaPlayer2.binaural")
    #expect(wait.succeeded, "\(wait)\n\(binaural.standardError)")
    return binaural
  }

  static func get(_ bus: PrivateBus, _ property: String) async throws -> String {
    let result = try await bus.run(
      "busctl", "--user", "get-property", "org.mpris.MediaPlayer2.binaural",
      "/org/mpris/MediaPlayer2/RemoteControl",
      interface, property)
    #expect(result.succeeded, "\(result)")
    return result.trimmed
  }

  @Test func aLikedPresetStaysAFavouriteAfterARestart() async throws {
    let bus = try await PrivateBus.start()
    defer { Task { await bus.stop() } }
    let dataHome = bus.directory.appendingPathComponent("data", isDirectory: true)
    var binaural = try await Self.launch(on: bus, dataHome: dataHome)
    defer { binaural.kill() }

    #expect(try await Self.get(bus, "CanLike") == "b true")
    #expect(try await Self.get(bus, "LikeActive") == "b false")
    #expect(try await Self.get(bus, "LikeTitle") == #"s "Favourite preset""#)
    #expect(try await Self.get(bus, "SkipForwardIntervals") == "ax 1 15000000")
    #expect(try await Self.get(bus, "CanRate") == "b false", "binaural rates nothing")
    let like = try await bus.run(
      "busctl", "--user", "call", "org.mpris.MediaPlayer2.binaural", "/org/mpris/MediaPlayer2/RemoteControl",
      Self.interface,
      "Like", "b", "false")
    #expect(like.succeeded, "\(like)")
    #expect(try await Self.get(bus, "LikeActive") == "b true")
    let file = dataHome.appendingPathComponent("binaural/favourites")
    #expect((try? String(contentsOf: file, encoding: .utf8)) == "delta-2hz\n")

    #expect(await binaural.terminate() == 0)
    binaural = try await Self.launch(on: bus, dataHome: dataHome)
    #expect(try await Self.get(bus, "LikeActive") == "b true", "the favourite survived the restart")
    // Another preset is not a favourite; back on the liked one, it is again.
    _ = try await bus.run("playerctl", "--player=binaural", "next")
    #expect(try await Self.get(bus, "LikeActive") == "b false")
    _ = try await bus.run("playerctl", "--player=binaural", "previous")
    #expect(try await Self.get(bus, "LikeActive") == "b true")
    binaural.kill()
    _ = try? await binaural.waitForExit()
  }
}
