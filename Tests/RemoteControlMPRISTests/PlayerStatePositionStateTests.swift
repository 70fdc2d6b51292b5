import RemoteControl
import RemoteControlMPRIS
import Testing

/// A controller reads a player's position as the core's position state, made valid.
@Suite struct PlayerStatePositionStateTests {
  static func state(position: Int64?, rate: Double, length: Int64?) -> PlayerState {
    var properties: [String: PropertyValue] = ["Rate": .double(rate), "PlaybackStatus": .string("Playing")]
    if let position { properties["Position"] = .int64(position) }
    if let length {
      properties["Metadata"] = .dictionary(
        keySignature: "s", valueSignature: "v",
        [.init(key: .string("mpris:length"), value: .variant(.int64(length)))])
    }
    return PlayerState(properties: properties)
  }

  @Test func positionRateAndLengthAreThePositionState() throws {
    let state = Self.state(position: 1_500_000, rate: 2, length: 5_000_000)
    let expected = try PositionState(duration: .seconds(5), playbackRate: 2, position: .milliseconds(1500))
    #expect(state.positionState == expected)
    #expect(state.positionState?.position(after: .seconds(1)) == .milliseconds(3500))
    #expect(state.positionState?.position(after: .seconds(10)) == .seconds(5), "it stays inside the track")
  }

  @Test func whatAPlayerReportsIsMadeValid() {
    #expect(Self.state(position: nil, rate: 1, length: 5_000_000).positionState == nil)
    let past = Self.state(position: 9_000_000, rate: 1, length: 5_000_000).positionState
    #expect(past?.position == .seconds(5))
    let unknownLength = Self.state(position: 1_000_000, rate: 0, length: 0).positionState
    #expect(unknownLength?.isLive == true)
    #expect(unknownLength?.playbackRate == 1)
  }
}
