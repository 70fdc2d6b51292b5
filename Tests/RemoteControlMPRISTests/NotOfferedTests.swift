import BusTestSupport
import Foundation
import RemoteControl
import RemoteControlMPRIS
import Testing

/// The rule for commands that are not offered, where the player had bent it: `Stop` with the
/// stop command disabled and `OpenUri` without an open-URI target never reach the app and
/// answer NotSupported, as `PlayPause` and the extension interface's methods do.
@Suite(.leavesNoChildProcesses) struct NotOfferedTests {
  @Test @MainActor func stopWhileTheStopCommandIsDisabledIsNotSupportedAndReachesNobody() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      player.application.commandCenter.stopCommand.isEnabled = false
      let stop = try await player.gdbusCall(MPRIS.player + ".Stop")
      #expect(!stop.succeeded && stop.error.contains("NotSupported"), "\(stop)")
      #expect(stop.error.contains("stop command is disabled"), "\(stop)")
      player.application.commandCenter.stopCommand.isEnabled = true
      #expect(try await player.gdbusCall(MPRIS.player + ".Stop").succeeded)
      #expect(try await player.nextCommand() == .stop, "the disabled Stop was never delivered")
    }
  }

  @Test @MainActor func openURIWithoutATargetIsNotSupportedAndReachesNobody() async throws {
    try await withPlayer(configure: { $0.supportedURISchemes = ["file"] }, setUp: Fixtures.acceptEverything) {
      (player: TestPlayer) async throws in
      player.application.commandCenter.openURICommand.removeAllTargets()
      let open = try await player.gdbusCall(MPRIS.player + ".OpenUri", "'file:///music/a.flac'")
      #expect(!open.succeeded && open.error.contains("NotSupported"), "\(open)")
      #expect(open.error.contains("open-URI command has no target"), "\(open)")
      #expect(try await player.gdbusCall(MPRIS.player + ".Play").succeeded)
      #expect(try await player.nextCommand() == .play, "the OpenUri was never delivered")
    }
  }
}
