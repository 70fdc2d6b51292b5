import RemoteControlMPRIS
import Testing

@testable import remotectl

/// `remotectl position` prints what playerctl prints for a stopped player.
@Suite struct StoppedPositionTests {
  @Test func `a stopped player's position prints as 0, as playerctl prints it`() throws {
    let identity = PlayerIdentity(instance: "x")
    let stopped = PlayerState(properties: [
      "PlaybackStatus": .string("Stopped"), "Position": .int64(60_000_000),
    ])
    #expect(
      try VerbRenderer.render(
        .position(nil), template: nil, identity: identity, state: stopped, position: 60_000_000)
        == .printed("0.000000"))
    let paused = PlayerState(properties: [
      "PlaybackStatus": .string("Paused"), "Position": .int64(60_000_000),
    ])
    #expect(
      try VerbRenderer.render(
        .position(nil), template: nil, identity: identity, state: paused, position: 60_000_000)
        == .printed("60.000000"))
  }
}
