import RemoteControl
import Testing

/// The README's snippet, verbatim in behaviour: if this fails, the README is wrong.
@MainActor
@Suite struct ReadmeExampleTests {
  @Test func readmeSnippetTogglesPlaybackThroughTheCommandCenter() async throws {
    let application = Application()
    var isPlaying = false
    application.commandCenter.togglePlayPauseCommand.addTarget { _ in
      isPlaying.toggle()
      application.nowPlayingInfoCenter.playbackState = isPlaying ? .playing : .paused
      return .success
    }
    application.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(
      title: "Alpha waves", artist: "Binaural", playbackDuration: .seconds(600))
    try application.nowPlayingInfoCenter.setPositionState(duration: .seconds(600), position: .zero)
    application.beginReceivingRemoteControlEvents()

    let outcome = await application.send(.togglePlayPause, from: .keyboard)

    #expect(outcome == .commandCenter(.success))
    #expect(application.nowPlayingInfoCenter.playbackState == .playing)
  }
}
