import RemoteControl
import Testing

@testable import Bridge

/// MPRIS commands become Media Session actions as the protocol document's table says.
@Suite("Commands as Media Session actions")
struct ActionRequestTests {
  let all = Set(MediaSessionAction.allCases)

  func request(
    _ command: RemoteControlEvent.Command, handled: Set<MediaSessionAction>? = nil, playing: Bool = false,
    at position: Duration = .seconds(30), duration: Duration? = .seconds(60)
  ) -> ActionRequest? {
    ActionRequest(
      command, handled: handled ?? all, isPlaying: playing, position: position, duration: duration)
  }

  @Test func `PlayPause is pause while playing and play otherwise`() {
    #expect(request(.togglePlayPause, playing: true)?.details.action == .pause)
    #expect(request(.togglePlayPause, playing: false)?.details.action == .play)
    #expect(request(.togglePlayPause, playing: false)?.command == "togglePlayPause")
    #expect(request(.togglePlayPause, handled: [.pause], playing: false) == nil)
  }

  @Test func `a skip is seekforward or seekbackward with its offset, else seekto the position it gives`() {
    #expect(
      request(.skipForward(.seconds(10)))?.details == ActionDetails(action: .seekforward, seekOffset: 10))
    #expect(
      request(.skipBackward(.seconds(5)))?.details == ActionDetails(action: .seekbackward, seekOffset: 5))
    #expect(
      request(.skipForward(.seconds(10)), handled: [.seekto])?.details
        == ActionDetails(action: .seekto, seekTime: 40, fastSeek: false))
    #expect(
      request(.skipBackward(.seconds(50)), handled: [.seekto])?.details
        == ActionDetails(action: .seekto, seekTime: 0, fastSeek: false), "clamped at the start")
    #expect(request(.skipForward(.seconds(10)), handled: [.play]) == nil)
  }

  @Test func `a position change is seekto, exact, and every plain command its own action`() {
    #expect(
      request(.changePlaybackPosition(.milliseconds(12_500)))?.details
        == ActionDetails(action: .seekto, seekTime: 12.5, fastSeek: false))
    #expect(request(.nextTrack)?.details.action == .nexttrack)
    #expect(request(.previousTrack)?.details.action == .previoustrack)
    #expect(request(.stop)?.details.action == .stop)
    #expect(request(.nextTrack, handled: [.play]) == nil)
    #expect(request(.changeVolume(0.5)) == nil)
  }

  @Test func `the details are written as MediaSessionActionDetails`() {
    let text = HubMessage.action(
      player: "p", command: "skipForward", details: ActionDetails(action: .seekforward, seekOffset: 10)
    ).text
    #expect(text.contains(#""details":{"action":"seekforward","seekOffset":10}"#), "\(text)")
  }
}
