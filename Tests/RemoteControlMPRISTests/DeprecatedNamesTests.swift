import RemoteControlMPRIS
import Testing

/// The client's renamed types still compile, with a fix-it, and are the new ones. They are named
/// in deprecated witnesses of a protocol, so that this file compiles without the warnings.
private protocol OldClientNames {
  func playing() -> PlaybackStatus
  func repeatingTheTrack() -> LoopStatus
}

private struct OldNames: OldClientNames {
  @available(*, deprecated)
  func playing() -> PlaybackStatus { PlayerState.Playback.playing }
  @available(*, deprecated)
  func repeatingTheTrack() -> LoopStatus { PlayerState.Loop.track }
}

@Suite struct DeprecatedClientNamesTests {
  @Test func playbackAndLoopAreTheSharedStatusTypes() {
    let old: any OldClientNames = OldNames()
    #expect(old.playing() == .playing)
    #expect(old.repeatingTheTrack() == .track)
    #expect(PlayerState(properties: ["PlaybackStatus": .string("Playing")]).playbackStatus == old.playing())
  }
}
