import BusTestSupport
import Foundation
import RemoteControl
import Testing

/// Calls are answered when their outcome is known: a failed handler is a D-Bus error, and a
/// handler that hangs holds up only its own call.
@Suite(.leavesNoChildProcesses) struct DeliveryTests {
  @Test @MainActor func aHandlerStatusOtherThanSuccessIsADBusError() async throws {
    try await withPlayer(setUp: { application in
      application.commandCenter.nextTrackCommand.addTarget { _ in .noSuchContent }
    }) { (player: TestPlayer) async throws in
      let result = try await player.gdbusCall(MPRIS.player + ".Next")
      #expect(!result.succeeded)
      #expect(
        result.error.contains("io.github.swift_remote_control.RemoteControl1.Error.NoSuchContent"),
        "\(result)")
      #expect(result.error.contains("nextTrack") && result.error.contains("noSuchContent"), "\(result)")
      let playerctl = try await player.playerctl("next")
      #expect(!playerctl.succeeded, "playerctl reports it too: \(playerctl)")
    }
  }

  @Test @MainActor func anEventNothingHandlesIsADBusError() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let result = try await player.gdbusCall(MPRIS.player + ".Play")
      #expect(
        !result.succeeded
          && result.error.contains("io.github.swift_remote_control.RemoteControl1.Error.Unhandled"),
        "\(result)")
      #expect(result.error.contains("nothing in the player handled the play command"), "\(result)")
      player.application.endReceivingRemoteControlEvents()
      let ignored = try await player.gdbusCall(MPRIS.player + ".Pause")
      #expect(ignored.error.contains("not receiving remote control events"), "\(ignored)")
    }
  }

  @Test @MainActor func aHangingHandlerDoesNotHoldUpOtherCalls() async throws {
    let (entered, enteredContinuation) = AsyncStream.makeStream(of: Void.self)
    var release: CheckedContinuation<Void, Never>?
    try await withPlayer(setUp: { application in
      Fixtures.acceptEverything(application)
      application.commandCenter.playCommand.removeAllTargets()
      application.commandCenter.playCommand.addTarget { _ in
        await withCheckedContinuation { continuation in
          release = continuation
          enteredContinuation.yield()
        }
        return .success
      }
    }) { (player: TestPlayer) async throws in
      let hanging = try player.bus.start(
        "gdbus", "call", "--address", player.bus.address, "--dest", player.busName, "--object-path",
        "/org/mpris/MediaPlayer2",
        "--method", MPRIS.player + ".Play")
      var iterator = entered.makeAsyncIterator()
      await iterator.next()
      // While Play hangs in its handler, other calls and reads are answered.
      #expect(try await player.playerctl("pause").succeeded)
      #expect(try await player.nextCommand() == .pause)
      #expect(try await player.busctlGet("PlaybackStatus") == #"s "Stopped""#)
      #expect(try await player.busctlGet("CanPlay") == "b true")
      // Then Play's own answer comes once its handler returns.
      release?.resume()
      #expect(try await hanging.waitForExit() == 0, "\(hanging.standardError)")
      #expect(try await player.nextCommand() == .play)
    }
  }
}
