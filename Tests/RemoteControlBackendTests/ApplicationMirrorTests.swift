import RemoteControl
import RemoteControlBackend
import Synchronization
import Testing

/// The mirror a backend keeps of an application, and the hop to the main actor.
@Suite("What a backend needs")
@MainActor
struct ApplicationMirrorTests {
  /// Every change the mirror reported, folded into one state, as a backend keeps it.
  final class Copy: Sendable {
    let state: Mutex<ApplicationState>
    let reports = Mutex(0)

    init(_ state: ApplicationState) { self.state = Mutex(state) }

    func apply(_ change: ApplicationMirror.Change) {
      state.withLock { $0.apply(change) }
      reports.withLock { $0 += 1 }
    }
  }

  @Test func theCopyFollowsTheCommandCenterAndTheNowPlayingInfoUntilStopped() {
    let application = Application()
    let copy = Copy(ApplicationState(application))
    let mirror = ApplicationMirror(application) { copy.apply($0) }
    #expect(copy.state.withLock { $0.commands.isEnabled(.nextTrack) })

    application.commandCenter.nextTrackCommand.isEnabled = false
    application.commandCenter.changeRepeatModeCommand.currentRepeatType = .all
    application.commandCenter.changeVolumeCommand.currentVolume = 0.25
    application.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(title: "Theta")
    #expect(copy.state.withLock { $0 } == ApplicationState(application))
    #expect(copy.state.withLock { !$0.commands.isEnabled(.nextTrack) && $0.commands.repeatMode == .all })
    #expect(copy.state.withLock { $0.nowPlaying.info?.title } == "Theta")

    mirror.stop()
    let reports = copy.reports.withLock { $0 }
    application.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(title: "Delta")
    #expect(copy.reports.withLock { $0 } == reports)
    #expect(copy.state.withLock { $0.nowPlaying.info?.title } == "Theta")
  }

  @Test func theSenderDeliversOnTheMainActorAndAnswersWithTheOutcome() async {
    let application = Application()
    application.beginReceivingRemoteControlEvents()
    application.commandCenter.pauseCommand.addTarget { _ in .noActionableNowPlayingItem }
    let sender = EventSender(application: application)
    let outcome = await withCheckedContinuation { continuation in
      Task.detached {
        sender.send(RemoteControlEvent(.pause)) { continuation.resume(returning: $0) }
      }
    }
    #expect(outcome == .commandCenter(.noActionableNowPlayingItem))
  }
}
