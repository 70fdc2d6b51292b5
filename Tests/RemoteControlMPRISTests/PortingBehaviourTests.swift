import BusTestSupport
import Foundation
import HubSupport
import RemoteControl
import Testing

/// What an iOS developer's remote-control code expects, seen over the bus: only commands that
/// can act are offered, property writes are answered with their outcome, and a handler's status
/// and message reach the caller.
@Suite(.leavesNoChildProcesses) struct PortingBehaviourTests {
  /// Sets Volume then reads it back at once, `count` times, in one python3-dbus connection;
  /// prints one line per try: the value set and the value read.
  static let setThenGet = PythonProgram.path("set_then_get.py")

  @Test @MainActor func raiseIsOfferedOnlyWhileSomethingHandlesIt() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      #expect(try await player.busctlGet("CanRaise", interface: MPRIS.root) == "b false")
      #expect(try await player.busctlGet("CanQuit", interface: MPRIS.root) == "b false")
      // The UIKit subtypes' commands reach the responder chain: offered while enabled.
      #expect(try await player.busctlGet("CanPlay") == "b true")
      let token = player.application.commandCenter.raiseCommand.addTarget { _ in .success }
      #expect(try await player.busctlGet("CanRaise", interface: MPRIS.root) == "b true")
      #expect(try await player.gdbusCall(MPRIS.root + ".Raise").succeeded)
      player.application.commandCenter.raiseCommand.removeTarget(token)
      #expect(try await player.busctlGet("CanRaise", interface: MPRIS.root) == "b false")
    }
  }

  @Test @MainActor func volumeReadRightAfterItsWriteIsAlwaysTheNewValue() async throws {
    try await withPlayer(setUp: { application in
      let volume = application.commandCenter.changeVolumeCommand
      volume.addTarget { (value: Double) in
        volume.currentVolume = value
        return .success
      }
    }) { (player: TestPlayer) async throws in
      let result = try await player.bus.run(
        "/usr/bin/python3", [Self.setThenGet, player.bus.address, player.busName, "50"], timeout: .seconds(60)
      )
      #expect(result.succeeded, "\(result)")
      let lines = result.output.split(separator: "\n")
      #expect(lines.count == 50)
      for line in lines {
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count == 2 && numbers[0] == numbers[1], "set, then read: \(line)")
      }
    }
  }

  @Test @MainActor func aWriteThePlayerCannotTakeIsAnErrorThatSaysWhy() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      player.application.endReceivingRemoteControlEvents()
      let volume = try await player.playerctl("volume", "0.5")
      #expect(!volume.succeeded, "\(volume)")
      let answer = try await player.bus.setProperty("Volume", at: player.busName, type: "d", "0.5")
      #expect(answer.contains("RemoteControl1.Error.NotReceiving"), "\(answer)")
      #expect(answer.contains("not receiving remote control events"), "\(answer)")
    }
  }

  @Test @MainActor func aZeroSeekProbeReachesTheAppsDelivery() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      Fixtures.nowPlaying(player.application, position: 10)
      #expect(try await player.gdbusCall(MPRIS.player + ".Seek", "0").succeeded)
      #expect(try await player.nextCommand() == .skipForward(.zero))
      player.application.endReceivingRemoteControlEvents()
      let probe = try await player.gdbusCall(MPRIS.player + ".Seek", "0")
      #expect(!probe.succeeded && probe.error.contains("RemoteControl1.Error.NotReceiving"), "\(probe)")
    }
  }

  @Test @MainActor func aWriteNothingHandlesIsAnError() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let answer = try await player.bus.setProperty("LoopStatus", at: player.busName, type: "s", "Track")
      #expect(answer.contains("RemoteControl1.Error.Unhandled"), "\(answer)")
    }
  }

  @Test(arguments: [
    (RemoteCommandHandlerStatus.noSuchContent("the queue is empty"), "NoSuchContent"),
    (.noActionableNowPlayingItem("nothing is loaded"), "NoActionableNowPlayingItem"),
    (.deviceNotFound("the headphones are gone"), "DeviceNotFound"),
    (.commandFailed("the stream broke"), "CommandFailed"),
  ])
  @MainActor func eachStatusIsANamedErrorCarryingTheHandlersMessage(
    status: RemoteCommandHandlerStatus, name: String
  ) async throws {
    try await withPlayer(setUp: { application in
      application.commandCenter.nextTrackCommand.addTarget { _ in status }
    }) { (player: TestPlayer) async throws in
      let result = try await player.gdbusCall(MPRIS.player + ".Next")
      #expect(!result.succeeded)
      #expect(
        result.error.contains("io.github.swift_remote_control.RemoteControl1.Error.\(name)"), "\(result)")
      #expect(result.error.contains(status.message ?? "?"), "\(result)")
    }
  }
}

extension PortingBehaviourTests {
  @Test @MainActor func theInfosRatingIsOnTheRatingCommandsScale() async throws {
    try await withPlayer(setUp: { application in
      application.commandCenter.ratingCommand.maximumRating = 10
      application.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(
        trackIdentifier: "a", title: "A", rating: 5)
    }) { (player: TestPlayer) async throws in
      let metadata = try await player.typed("Metadata")
      #expect(metadata.members?["xesam:userRating"]?.value.doubleValue == 0.5, "\(metadata)")
    }
  }

  @Test @MainActor func anAppThatNeverSetsAStateIsPausedOrPlayingNotStoppedForever() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      player.application.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(
        trackIdentifier: "a", title: "A", playbackDuration: .seconds(100), elapsedPlaybackTime: .seconds(10),
        playbackRate: 1)
      #expect(try await player.busctlGet("PlaybackStatus") == #"s "Playing""#)
      player.application.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(
        trackIdentifier: "a", title: "A", playbackDuration: .seconds(100), elapsedPlaybackTime: .seconds(12),
        playbackRate: 0)
      #expect(try await player.busctlGet("PlaybackStatus") == #"s "Paused""#)
    }
  }
}
