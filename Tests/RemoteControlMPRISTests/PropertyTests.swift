import BusTestSupport
import Foundation
import HubSupport
import RemoteControl
import RemoteControlMPRIS
import RemoteControlTesting
import Testing

/// Property reads: every value comes from the command center or the Now Playing info, with the
/// type the spec gives it.
@Suite(.leavesNoChildProcesses) struct PropertyTests {
  @Test @MainActor func rootPropertiesComeFromTheConfiguration() async throws {
    try await withPlayer(configure: {
      $0.identity = "Test Player"
      $0.desktopEntry = "test-player"
      $0.supportedURISchemes = ["file", "http"]
      $0.supportedMIMETypes = ["audio/flac"]
    }) { (player: TestPlayer) async throws in
      #expect(try await player.busctlGet("Identity", interface: MPRIS.root) == #"s "Test Player""#)
      #expect(try await player.busctlGet("DesktopEntry", interface: MPRIS.root) == #"s "test-player""#)
      #expect(
        try await player.busctlGet("SupportedUriSchemes", interface: MPRIS.root) == #"as 2 "file" "http""#)
      #expect(
        try await player.busctlGet("SupportedMimeTypes", interface: MPRIS.root) == #"as 1 "audio/flac""#)
      #expect(try await player.busctlGet("HasTrackList", interface: MPRIS.root) == "b false")
      // Nothing handles quit or raise: they are not offered.
      #expect(try await player.busctlGet("CanQuit", interface: MPRIS.root) == "b false")
      #expect(try await player.busctlGet("CanRaise", interface: MPRIS.root) == "b false")
    }
  }

  @Test @MainActor func canPropertiesFollowIsEnabled() async throws {
    try await withPlayer(setUp: { application in
      let commands = application.commandCenter
      for command in [
        commands.changePlaybackPositionCommand, commands.skipForwardCommand, commands.skipBackwardCommand,
        commands.quitCommand, commands.raiseCommand,
      ] {
        command.addTarget { _ in .success }
      }
    }) { (player: TestPlayer) async throws in
      let commands = player.application.commandCenter
      for name in ["CanPlay", "CanPause", "CanGoNext", "CanGoPrevious", "CanSeek", "CanControl"] {
        #expect(try await player.busctlGet(name) == "b true", "\(name) with every command enabled")
      }
      commands.playCommand.isEnabled = false
      commands.pauseCommand.isEnabled = false
      commands.nextTrackCommand.isEnabled = false
      commands.previousTrackCommand.isEnabled = false
      commands.changePlaybackPositionCommand.isEnabled = false
      commands.skipForwardCommand.isEnabled = false
      #expect(try await player.busctlGet("CanSeek") == "b true", "skipping backward still seeks")
      commands.skipBackwardCommand.isEnabled = false
      commands.quitCommand.isEnabled = false
      commands.raiseCommand.isEnabled = false
      for name in ["CanPlay", "CanPause", "CanGoNext", "CanGoPrevious", "CanSeek"] {
        #expect(try await player.busctlGet(name) == "b false", "\(name) with its command disabled")
      }
      #expect(try await player.busctlGet("CanQuit", interface: MPRIS.root) == "b false")
      #expect(try await player.busctlGet("CanRaise", interface: MPRIS.root) == "b false")
    }
  }

  @Test @MainActor func canControlFalseMakesEveryCanFalse() async throws {
    try await withPlayer(configure: { $0.canControl = false }) { (player: TestPlayer) async throws in
      for name in ["CanPlay", "CanPause", "CanGoNext", "CanGoPrevious", "CanSeek", "CanControl"] {
        #expect(try await player.busctlGet(name) == "b false", "\(name)")
      }
    }
  }

  @Test @MainActor func metadataHasEveryKeyWithTheSpecsType() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application)
      let metadata = try await player.typed("Metadata")
      #expect(metadata.type == "a{sv}")
      let entries = try #require(metadata.members)
      let expectedTypes = [
        "mpris:trackid": "o", "mpris:length": "x", "mpris:artUrl": "s", "xesam:title": "s",
        "xesam:album": "s",
        "xesam:artist": "as", "xesam:albumArtist": "as", "xesam:genre": "as", "xesam:composer": "as",
        "xesam:trackNumber": "i", "xesam:discNumber": "i", "xesam:userRating": "d", "xesam:url": "s",
      ]
      #expect(Set(entries.keys) == Set(expectedTypes.keys))
      for (key, type) in expectedTypes { #expect(entries[key]?.type == type, "\(key) is \(type)") }
      #expect(entries["mpris:trackid"]?.value.stringValue == "/org/swift_remote_control/track/track_2d1")
      #expect(entries["mpris:length"]?.value.doubleValue == 300_000_000)
      #expect(entries["xesam:artist"]?.strings == ["Binaural"])
      #expect(entries["xesam:albumArtist"]?.strings == ["Various"])
      #expect(entries["xesam:trackNumber"]?.value.doubleValue == 3)
      #expect(entries["xesam:userRating"]?.value.doubleValue == 0.8)
      #expect(entries["xesam:url"]?.value.stringValue == "file:///music/delta.flac")
      let artURL = try #require(entries["mpris:artUrl"]?.value.stringValue.flatMap(URL.init(string:)))
      #expect(artURL.isFileURL)
      #expect(FileManager.default.contents(atPath: artURL.path)?.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
      // playerctl reads the same, and its artUrl is the cached file.
      let shown = try await player.playerctl(
        "metadata", "--format", "{{mpris:trackid}}|{{xesam:title}}|{{mpris:artUrl}}")
      // playerctl prints object paths quoted, as GVariant text does.
      #expect(
        shown.trimmed == "'/org/swift_remote_control/track/track_2d1'|Delta waves|\(artURL.absoluteString)")
    }
  }

  @Test @MainActor func metadataIsNoTrackWhenNothingPlays() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let metadata = try await player.typed("Metadata")
      let entries = try #require(metadata.members)
      #expect(Array(entries.keys) == ["mpris:trackid"])
      #expect(entries["mpris:trackid"] == TypedValue(type: "o", value: .string(MPRIS.noTrack)))
    }
  }

  @Test @MainActor func trackIDEscapesWhatObjectPathsCannotHold() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      var info = Fixtures.fullInfo
      info.trackIdentifier = "Mix/2 ç_1"
      Fixtures.nowPlaying(player.application, info)
      let metadata = try await player.typed("Metadata")
      #expect(
        metadata.members?["mpris:trackid"]
          == TypedValue(type: "o", value: .string("/org/swift_remote_control/track/Mix_2f2_20_c3_a7_5f1")))
    }
  }

  @Test(arguments: [
    (PlaybackState.playing, "Playing"), (.paused, "Paused"), (.interrupted, "Paused"), (.stopped, "Stopped"),
    (.unknown, "Stopped"),
  ])
  @MainActor func playbackStatusFollowsThePlaybackState(state: PlaybackState, status: String) async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, state: state)
      #expect(try await player.playerctl("status").trimmed == status)
      #expect(try await player.busctlGet("PlaybackStatus") == "s \"\(status)\"")
    }
  }

  @Test @MainActor func rateLoopShuffleAndVolumeComeFromTheCommandCenter() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let commands = player.application.commandCenter
      commands.changePlaybackRateCommand.supportedPlaybackRates = [0.5, 1, 2]
      commands.changeRepeatModeCommand.currentRepeatType = .all
      commands.changeShuffleModeCommand.currentShuffleType = .collections
      commands.changeVolumeCommand.currentVolume = 0.25
      Fixtures.nowPlaying(player.application, rate: 1.5, state: .playing)
      #expect(try await player.busctlGet("MinimumRate") == "d 0.5")
      #expect(try await player.busctlGet("MaximumRate") == "d 2")
      #expect(try await player.busctlGet("Rate") == "d 1.5")
      #expect(try await player.playerctl("loop").trimmed == "Playlist")
      #expect(try await player.playerctl("shuffle").trimmed == "On")
      #expect(try await player.playerctl("volume").trimmed == "0.250000")
      commands.changeRepeatModeCommand.currentRepeatType = .one
      #expect(try await player.busctlGet("LoopStatus") == #"s "Track""#)
      commands.changeRepeatModeCommand.currentRepeatType = .off
      #expect(try await player.busctlGet("LoopStatus") == #"s "None""#)
    }
  }

  @Test @MainActor func positionIsComputedOnEachReadFromTheLastReport() async throws {
    let clock = ManualClock()
    try await withPlayer(clock: clock) { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, position: 10, state: .playing)
      #expect(try await player.busctlGet("Position") == "x 10000000")
      await clock.advance(by: .milliseconds(2500))
      #expect(try await player.busctlGet("Position") == "x 12500000")
      let shown = try await player.playerctl("position")
      // playerctl moves the position on by its own clock while it reads: at most a moment.
      let seconds = try #require(Double(shown.trimmed), "\(shown)")
      #expect(seconds >= 12.5 && seconds < 13.5, "\(shown)")
      player.application.nowPlayingInfoCenter.playbackState = .paused
      await clock.advance(by: .seconds(30))
      #expect(try await player.busctlGet("Position") == "x 12500000", "paused: the position stays")
      try player.application.nowPlayingInfoCenter.setPositionState(
        duration: .seconds(300), playbackRate: 2, position: .seconds(100))
      player.application.nowPlayingInfoCenter.playbackState = .playing
      await clock.advance(by: .seconds(10))
      #expect(try await player.busctlGet("Position") == "x 120000000", "at rate 2")
      await clock.advance(by: .seconds(1000))
      #expect(try await player.busctlGet("Position") == "x 300000000", "clamped at the length")
    }
  }
}
