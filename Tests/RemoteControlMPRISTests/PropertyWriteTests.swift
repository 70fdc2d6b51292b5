import BusTestSupport
import Foundation
import RemoteControl
import Testing

/// Writable properties (Rate, Volume, LoopStatus, Shuffle): good values become events, bad ones
/// are refused with InvalidArgs naming the value, and wrong types never reach the player.
@Suite(.leavesNoChildProcesses) struct PropertyWriteTests {
  @MainActor static func rates(_ application: Application) {
    Fixtures.acceptEverything(application)
    application.commandCenter.changePlaybackRateCommand.supportedPlaybackRates = [0.5, 1, 1.5, 2]
  }

  @Test @MainActor func rateBecomesAChangeAndZeroPauses() async throws {
    try await withPlayer(setUp: Self.rates) { (player: TestPlayer) async throws in
      #expect(try await player.busctlSet("Rate", "d", "1.5").succeeded)
      #expect(try await player.nextCommand() == .changePlaybackRate(1.5))
      #expect(try await player.busctlSet("Rate", "d", "0").succeeded)
      #expect(try await player.nextCommand() == .pause)
    }
  }

  @Test @MainActor func rateTheAppDidNotDeclareIsRefusedBeforeTheHandlerListingTheSupportedOnes() async throws
  {
    try await withPlayer(setUp: Self.rates) { (player: TestPlayer) async throws in
      let answer = try await player.bus.setProperty("Rate", at: player.busName, type: "d", "1.4")
      #expect(answer.hasPrefix("org.freedesktop.DBus.Error.InvalidArgs"), "\(answer)")
      #expect(
        answer.contains("rate 1.4 is not one of the supported playback rates: 0.5, 1.0, 1.5, 2.0"),
        "\(answer)")
      #expect(try await player.busctlGet("Rate") == "d 1")
      #expect(player.events.drain().isEmpty)
    }
  }

  @Test(arguments: [("nan", "NaN"), ("3", "3.0"), ("0.25", "0.25"), ("-1", "-1.0")])
  @MainActor func rateOutsideTheRangeIsRefused(text: String, shown: String) async throws {
    try await withPlayer(setUp: Self.rates) { (player: TestPlayer) async throws in
      let answer = try await player.bus.setProperty("Rate", at: player.busName, type: "d", text)
      #expect(answer.hasPrefix("org.freedesktop.DBus.Error.InvalidArgs"), "\(answer)")
      #expect(answer.contains("Rate \(shown)") && answer.contains("[0.5, 2.0]"), "\(answer)")
      #expect(try await player.busctlGet("Rate") == "d 1")
      #expect(player.events.drain().isEmpty)
    }
  }

  @Test @MainActor func volumeIsSetAndNegativeClampsAtZero() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      #expect(try await player.playerctl("volume", "0.4").succeeded)
      #expect(try await player.nextCommand() == .changeVolume(0.4))
      #expect(try await player.bus.setProperty("Volume", at: player.busName, type: "d", "-0.5") == "OK")
      #expect(try await player.nextCommand() == .changeVolume(0))
      let nan = try await player.bus.setProperty("Volume", at: player.busName, type: "d", "nan")
      #expect(nan.hasPrefix("org.freedesktop.DBus.Error.InvalidArgs"), "\(nan)")
    }
  }

  @Test @MainActor func loopStatusBecomesARepeatMode() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      for (status, mode) in [("Playlist", RepeatMode.all), ("Track", .one), ("None", .off)] {
        #expect(try await player.playerctl("loop", status).succeeded)
        #expect(try await player.nextCommand() == .changeRepeatMode(mode), "\(status)")
      }
      let answer = try await player.bus.setProperty("LoopStatus", at: player.busName, type: "s", "Forever")
      #expect(answer.hasPrefix("org.freedesktop.DBus.Error.InvalidArgs"), "\(answer)")
      #expect(answer.contains(#"LoopStatus "Forever""#) && answer.contains(#""Playlist""#), "\(answer)")
      #expect(player.events.drain().isEmpty)
    }
  }

  @Test @MainActor func shuffleBecomesAShuffleMode() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      #expect(try await player.playerctl("shuffle", "On").succeeded)
      #expect(try await player.nextCommand() == .changeShuffleMode(.items))
      #expect(try await player.playerctl("shuffle", "Off").succeeded)
      #expect(try await player.nextCommand() == .changeShuffleMode(.off))
    }
  }

  @Test(arguments: [
    ("Rate", "d", "2"), ("Volume", "d", "0.3"), ("LoopStatus", "s", "Track"), ("Shuffle", "b", "true"),
  ])
  @MainActor func aWriteComesFromTheWritersUniqueName(property: String, type: String, text: String)
    async throws
  {
    try await withPlayer(setUp: Self.rates) { (player: TestPlayer) async throws in
      let (answer, writer) = try await player.bus.setPropertyNamingWriter(
        property, at: player.busName, type: type, text)
      #expect(answer == "OK")
      #expect(writer.hasPrefix(":"), "python3-dbus named itself \(writer)")
      let delivery = try await player.nextEvent()
      #expect(delivery.event.source == .mpris(sender: writer), "\(property)")
    }
  }

  @Test @MainActor func wrongArgumentTypesAreInvalidArgsAndChangeNothing() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, position: 20)
      let path = "/org/mpris/MediaPlayer2"
      // Methods, called by busctl with the wrong signature: sd-bus's vtable check answers.
      let calls: [[String]] = [
        ["Seek", "s", "ten"], ["SetPosition", "sx", "/org/swift_remote_control/track/track_2d1", "1"],
        ["OpenUri", "i", "7"], ["Play", "s", "now"],
      ]
      for call in calls {
        let result = try await player.bus.busctl(["call", player.busName, path, MPRIS.player] + call)
        #expect(!result.succeeded && result.error.contains("Invalid argument"), "\(result)")
      }
      // Properties, set by gdbus with a variant of the wrong type, or read-only ones.
      let writes: [(String, String, String)] = [
        ("Rate", "<'fast'>", "InvalidArgs"), ("Volume", "<'loud'>", "InvalidArgs"),
        ("LoopStatus", "<true>", "InvalidArgs"), ("Shuffle", "<'yes'>", "InvalidArgs"),
        ("PlaybackStatus", "<'Playing'>", "PropertyReadOnly"), ("Position", "<int64 5>", "PropertyReadOnly"),
      ]
      for (property, value, error) in writes {
        let result = try await player.gdbusSet(property, value)
        #expect(
          !result.succeeded && result.error.contains("org.freedesktop.DBus.Error.\(error)"), "\(result)")
      }
      #expect(try await player.playerctl("status").trimmed == "Paused", "still running, state unchanged")
      #expect(try await player.busctlGet("Rate") == "d 1")
      #expect(player.events.drain().isEmpty, "nothing reached the application")
    }
  }
}
