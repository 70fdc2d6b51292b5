import BusTestSupport
import Foundation
import RemoteControl
import RemoteControlMPRIS
import Testing

/// Player and root methods become events from the caller, and do nothing when their `Can*` is
/// false.
@Suite(.leavesNoChildProcesses) struct MethodTests {
  @Test @MainActor func playerctlVerbsBecomeEventsFromTheCaller() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, position: 20)
      let verbs: [(String, RemoteControlEvent.Command)] = [
        ("play", .play), ("pause", .pause), ("play-pause", .togglePlayPause), ("stop", .stop),
        ("next", .nextTrack), ("previous", .previousTrack),
      ]
      for (verb, command) in verbs {
        let result = try await player.playerctl(verb)
        #expect(result.succeeded, "\(result)")
        #expect(try await player.nextCommand() == command, "playerctl \(verb)")
      }
    }
  }

  @Test @MainActor func seekSkipsByTheOffset() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, position: 20)
      try await player.playerctl("position", "10+")
      #expect(try await player.nextCommand() == .skipForward(.seconds(10)))
      try await player.playerctl("position", "5-")
      #expect(try await player.nextCommand() == .skipBackward(.seconds(5)))
    }
  }

  @Test @MainActor func seekBackClampsAtTheStart() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, position: 3)
      try await player.playerctl("position", "10-")
      #expect(try await player.nextCommand() == .skipBackward(.seconds(3)))
    }
  }

  @Test @MainActor func seekPastTheEndActsAsNext() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, position: 290)
      try await player.playerctl("position", "30+")
      #expect(try await player.nextCommand() == .nextTrack)
    }
  }

  @Test @MainActor func setPositionMovesTheCurrentTrack() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, position: 20)
      let result = try await player.playerctl("position", "42")
      #expect(result.succeeded, "\(result)")
      #expect(try await player.nextCommand() == .changePlaybackPosition(.seconds(42)))
      // The whole length is in range.
      try await player.gdbusCall(
        MPRIS.player + ".SetPosition", "/org/swift_remote_control/track/track_2d1", "300000000")
      #expect(try await player.nextCommand() == .changePlaybackPosition(.seconds(300)))
    }
  }

  @Test @MainActor func setPositionIgnoresStaleTracksAndOutOfRangePositions() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, position: 20)
      let current = "/org/swift_remote_control/track/track_2d1"
      for (trackID, position) in [
        ("/org/swift_remote_control/track/track_2d2", "1000000"), (MPRIS.noTrack, "1000000"),
        (current, "-1"), (current, "300000001"),
      ] {
        let result = try await player.gdbusCall(MPRIS.player + ".SetPosition", trackID, position)
        #expect(result.succeeded, "ignored, not refused: \(result)")
      }
      try await player.playerctl("play")
      #expect(try await player.nextCommand() == .play, "none of the ignored calls was delivered")
    }
  }

  @Test @MainActor func methodsDoNothingWhenTheirCanIsFalse() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, position: 20)
      let commands = player.application.commandCenter
      for command in [
        commands.playCommand, commands.pauseCommand, commands.nextTrackCommand, commands.previousTrackCommand,
        commands.changePlaybackPositionCommand, commands.skipForwardCommand, commands.skipBackwardCommand,
        commands.raiseCommand, commands.quitCommand,
      ] {
        command.isEnabled = false
      }
      for method in ["Play", "Pause", "Next", "Previous"] {
        let result = try await player.gdbusCall(MPRIS.player + "." + method)
        #expect(result.succeeded, "\(method): no effect, no error: \(result)")
      }
      #expect(try await player.gdbusCall(MPRIS.player + ".Seek", "5000000").succeeded)
      #expect(
        try await player.gdbusCall(
          MPRIS.player + ".SetPosition", "/org/swift_remote_control/track/track_2d1", "5000000"
        ).succeeded)
      #expect(try await player.gdbusCall(MPRIS.root + ".Raise").succeeded)
      #expect(try await player.gdbusCall(MPRIS.root + ".Quit").succeeded)
      let playPause = try await player.gdbusCall(MPRIS.player + ".PlayPause")
      #expect(!playPause.succeeded && playPause.error.contains("CanPause is false"), "\(playPause)")
      #expect(try await player.gdbusCall(MPRIS.player + ".Stop").succeeded)
      #expect(try await player.nextCommand() == .stop, "none of the calls before was delivered")
    }
  }

  @Test @MainActor func stopAndSettersFailWhenCanControlIsFalse() async throws {
    try await withPlayer(configure: { $0.canControl = false }, setUp: Fixtures.acceptEverything) {
      (player: TestPlayer) async throws in
      let stop = try await player.gdbusCall(MPRIS.player + ".Stop")
      #expect(!stop.succeeded && stop.error.contains("CanControl is false"), "\(stop)")
      let volume = try await player.bus.setProperty("Volume", at: player.busName, type: "d", "0.5")
      #expect(volume.hasPrefix("org.freedesktop.DBus.Error.PropertyReadOnly"), "\(volume)")
      #expect(player.events.drain().isEmpty)
    }
  }

  @Test @MainActor func openURIRaiseAndQuitBecomeEvents() async throws {
    try await withPlayer(configure: { $0.supportedURISchemes = ["file"] }, setUp: Fixtures.acceptEverything) {
      (player: TestPlayer) async throws in
      try await player.playerctl("open", "file:///music/a.flac")
      #expect(try await player.nextCommand() == .openURI("file:///music/a.flac"))
      let refused = try await player.gdbusCall(MPRIS.player + ".OpenUri", "'http://example.invalid/a.mp3'")
      #expect(!refused.succeeded && refused.error.contains("NotSupported"), "\(refused)")
      #expect(try await player.gdbusCall(MPRIS.root + ".Raise").succeeded)
      #expect(try await player.nextCommand() == .raise)
      #expect(try await player.gdbusCall(MPRIS.root + ".Quit").succeeded)
      #expect(try await player.nextCommand() == .quit)
    }
  }
}
