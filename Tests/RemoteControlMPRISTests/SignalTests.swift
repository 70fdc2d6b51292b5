import BusTestSupport
import Foundation
import HubSupport
import RemoteControl
import RemoteControlTesting
import Testing

/// What the player announces: one PropertiesChanged per interface per change with only the
/// changed properties (never Position), and Seeked only when the position jumps.
@Suite(.leavesNoChildProcesses) struct SignalTests {
  /// Changes the volume: a change made on purpose that marks the end of what a test checks.
  @MainActor static func mark(_ player: TestPlayer, volume: Double = 0.123) {
    player.application.commandCenter.changeVolumeCommand.currentVolume = volume
  }

  /// Whether a signal is MPRIS's own, not the extension interface's.
  @Sendable static func isMPRIS(_ record: SignalRecord) -> Bool {
    record.interface != "io.github.swift_remote_control.RemoteControl1"
  }

  static func isMark(_ record: SignalRecord) -> Bool {
    record.isPlayerChange && record.changedNames == ["Volume"]
  }

  @Test @MainActor func eachChangeAnnouncesOnlyWhatChangedOncePerInterface() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application)
      let application = player.application
      let commands = application.commandCenter
      // Quit is offered only with a target: give it one before watching.
      commands.quitCommand.addTarget { _ in .success }
      let monitor = try await player.bus.startSignalMonitor()

      var info = Fixtures.fullInfo
      info.title = "Theta waves"
      application.nowPlayingInfoCenter.nowPlayingInfo = info
      var record = try await monitor.next(where: Self.isMPRIS)
      #expect(record.isPlayerChange && record.changedNames == ["Metadata"], "\(record)")
      #expect(record.changed?["Metadata"]?.members?["xesam:title"]?.value.stringValue == "Theta waves")

      application.nowPlayingInfoCenter.playbackState = .playing
      record = try await monitor.next(where: Self.isMPRIS)
      #expect(record.isPlayerChange && record.changedNames == ["PlaybackStatus"], "\(record)")
      #expect(record.changed?["PlaybackStatus"] == TypedValue(type: "s", value: .string("Playing")))

      commands.nextTrackCommand.isEnabled = false
      record = try await monitor.next(where: Self.isMPRIS)
      #expect(record.isPlayerChange && record.changedNames == ["CanGoNext"], "\(record)")
      #expect(record.changed?["CanGoNext"] == TypedValue(type: "b", value: .bool(false)))

      commands.quitCommand.isEnabled = false
      record = try await monitor.next(where: Self.isMPRIS)
      #expect(record.isRootChange && record.changedNames == ["CanQuit"], "\(record)")

      commands.changePlaybackRateCommand.supportedPlaybackRates = [0.5, 1, 3]
      record = try await monitor.next(where: Self.isMPRIS)
      #expect(record.isPlayerChange && record.changedNames == ["MaximumRate", "MinimumRate"], "\(record)")
      #expect(record.changed?["MaximumRate"] == TypedValue(type: "d", value: .number(3)))

      commands.changeRepeatModeCommand.currentRepeatType = .one
      record = try await monitor.next(where: Self.isMPRIS)
      #expect(record.isPlayerChange && record.changedNames == ["LoopStatus"], "\(record)")
      #expect(record.changed?["LoopStatus"]?.value.stringValue == "Track")

      commands.changeShuffleModeCommand.currentShuffleType = .items
      record = try await monitor.next(where: Self.isMPRIS)
      #expect(record.isPlayerChange && record.changedNames == ["Shuffle"], "\(record)")

      // A change to something MPRIS does not show announces nothing on its interfaces (the
      // extension interface carries it).
      commands.likeCommand.isEnabled = false
      commands.skipForwardCommand.isEnabled = false
      Self.mark(player)
      let rest = try await monitor.signals(until: Self.isMark).filter(Self.isMPRIS)
      #expect(rest.count == 1, "only the mark: \(rest)")
      await monitor.stop()
    }
  }

  @Test @MainActor func seekedOnJumpsOnlyAndPositionNeverInPropertiesChanged() async throws {
    let clock = ManualClock()
    try await withPlayer(clock: clock) { (player: TestPlayer) async throws in
      let center = player.application.nowPlayingInfoCenter
      Fixtures.nowPlaying(player.application, position: 10, state: .playing)
      let monitor = try await player.bus.startSignalMonitor()

      // Normal progress, then a rate change reported where playback had got to: no Seeked.
      await clock.advance(by: .seconds(5))
      try center.setPositionState(duration: .seconds(300), playbackRate: 2, position: .seconds(15))
      // Pausing and resuming: no Seeked.
      await clock.advance(by: .seconds(1))
      center.playbackState = .paused
      await clock.advance(by: .seconds(20))
      center.playbackState = .playing
      // A jump: Seeked with the new position.
      await clock.advance(by: .seconds(1))
      try center.setPositionState(duration: .seconds(300), playbackRate: 2, position: .seconds(100))
      // A new track from its start: no Seeked.
      var next = Fixtures.fullInfo
      next.trackIdentifier = "track-2"
      center.nowPlayingInfo = next
      try center.setPositionState(duration: .seconds(300), playbackRate: 2, position: .zero)
      // A small correction within the tolerance: no Seeked.
      await clock.advance(by: .seconds(1))
      try center.setPositionState(duration: .seconds(300), playbackRate: 2, position: .milliseconds(2050))
      Self.mark(player)

      let records = try await monitor.signals(until: Self.isMark)
      let seeked = records.filter(\.isSeeked)
      #expect(seeked.count == 1, "\(records)")
      #expect(seeked.first?.position == TypedValue(type: "x", value: .number(100_000_000)))
      #expect(
        !records.contains {
          $0.changedNames.contains("Position") || ($0.invalidated ?? []).contains("Position")
        })
      let changes = records.filter(\.isPlayerChange).map(\.changedNames)
      #expect(
        changes == [["Rate"], ["PlaybackStatus"], ["PlaybackStatus"], ["Metadata"], ["Volume"]], "\(records)")
      await monitor.stop()
    }
  }

  @Test @MainActor func seekedCarriesTheNewPositionAfterASeekCall() async throws {
    try await withPlayer(setUp: { application in
      application.commandCenter.changePlaybackPositionCommand.addTarget { [unowned application] event in
        guard case .changePlaybackPosition(let position) = event.command else { return .commandFailed }
        try? application.nowPlayingInfoCenter.setPositionState(duration: .seconds(300), position: position)
        return .success
      }
    }) { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, position: 10)
      let monitor = try await player.bus.startSignalMonitor()
      let result = try await player.playerctl("position", "42")
      #expect(result.succeeded, "\(result)")
      let seeked = try await monitor.next { $0.isSeeked }
      #expect(seeked.position == TypedValue(type: "x", value: .number(42_000_000)))
      await monitor.stop()
    }
  }
}
