import RemoteControl
import RemoteControlBackend
import Synchronization
import Testing

/// What the mirror carries beyond MPRIS: each command's last outcome and the commands' details.
@Suite("What a backend mirrors beyond MPRIS")
@MainActor
struct ApplicationMirrorExtrasTests {
  @Test func eachDeliveredEventsOutcomeIsMirroredPerCommand() async {
    let application = Application()
    let copy = ApplicationMirrorTests.Copy(ApplicationState(application))
    let mirror = ApplicationMirror(application) { copy.apply($0) }
    defer { mirror.stop() }
    application.commandCenter.ratingCommand.addTarget { (_: Double) in .noActionableNowPlayingItem }

    await application.send(.changeRating(3))
    #expect(copy.state.withLock { $0.lastOutcomes } == [.rating: .notReceiving])
    application.beginReceivingRemoteControlEvents()
    await application.send(.changeRating(3))
    await application.send(.nextTrack)
    #expect(
      copy.state.withLock { $0.lastOutcomes }
        == [.rating: .status(.noActionableNowPlayingItem), .nextTrack: .unhandled])
  }

  @Test func theCommandsDetailsAreCopiedOnEachChange() {
    let application = Application()
    let copy = ApplicationMirrorTests.Copy(ApplicationState(application))
    let mirror = ApplicationMirror(application) { copy.apply($0) }
    defer { mirror.stop() }
    let commands = application.commandCenter

    commands.likeCommand.isActive = true
    commands.likeCommand.localizedTitle = "Love"
    commands.ratingCommand.maximumRating = 10
    commands.skipBackwardCommand.preferredIntervals = [.seconds(5), .seconds(10)]
    commands.changePlaybackRateCommand.supportedPlaybackRates = [1, 2]
    let details = copy.state.withLock { $0.commands.details }
    #expect(details.like.isActive && details.like.localizedTitle == "Love" && !details.dislike.isActive)
    #expect(details.minimumRating == 0 && details.maximumRating == 10)
    #expect(details.skipBackwardIntervals == [.seconds(5), .seconds(10)])
    #expect(details.skipForwardIntervals == [.seconds(15)])
    #expect(details.supportedPlaybackRates == [1, 2])
  }
}
