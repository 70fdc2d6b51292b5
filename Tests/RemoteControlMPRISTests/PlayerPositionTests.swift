import RemoteControlMPRIS
import Testing

@Suite("A player's position between its reports")
struct PlayerPositionTests {
  let start = ContinuousClock.now

  @Test func `a playing player's position moves at its rate, a paused one's stays`() {
    let playing = PlayerPosition(
      microseconds: 10_000_000, rate: 1.5, lengthMicroseconds: 60_000_000, isMoving: true, at: start)
    #expect(playing.microseconds(at: start + .seconds(2)) == 13_000_000)
    let paused = PlayerPosition(
      microseconds: 10_000_000, rate: 1.5, lengthMicroseconds: 60_000_000, isMoving: false, at: start)
    #expect(paused.microseconds(at: start + .seconds(2)) == 10_000_000)
  }

  @Test func `the position stays within the track, whatever the player reported`() {
    let past = PlayerPosition(
      microseconds: 90_000_000, rate: 1, lengthMicroseconds: 60_000_000, isMoving: false, at: start)
    #expect(past.microseconds(at: start) == 60_000_000)
    let negative = PlayerPosition(
      microseconds: -5, rate: 1, lengthMicroseconds: nil, isMoving: true, at: start)
    #expect(negative.microseconds(at: start) == 0)
    let atEnd = PlayerPosition(
      microseconds: 59_000_000, rate: 1, lengthMicroseconds: 60_000_000, isMoving: true, at: start)
    #expect(atEnd.microseconds(at: start + .seconds(5)) == 60_000_000)
  }

  @Test func `a rate of 0 or none counts as 1, since a pause is the status's to say`() {
    for rate in [0, Double.nan, nil] as [Double?] {
      let position = PlayerPosition(
        microseconds: 0, rate: rate, lengthMicroseconds: nil, isMoving: true, at: start)
      #expect(position.microseconds(at: start + .seconds(1)) == 1_000_000)
    }
  }

  @Test func `rebasing keeps the position reached and goes on at the new rate`() {
    let playing = PlayerPosition(
      microseconds: 0, rate: 1, lengthMicroseconds: 100_000_000, isMoving: true, at: start)
    let paused = playing.rebased(at: start + .seconds(3), rate: 1, isMoving: false)
    #expect(paused.microseconds(at: start + .seconds(10)) == 3_000_000)
    let faster = paused.rebased(at: start + .seconds(10), rate: 2, isMoving: true)
    #expect(faster.microseconds(at: start + .seconds(11)) == 5_000_000)
  }

  @Test func `a new length keeps the position and clamps it`() {
    let position = PlayerPosition(
      microseconds: 50_000_000, rate: 1, lengthMicroseconds: 100_000_000, isMoving: false, at: start)
    #expect(position.withLength(30_000_000, at: start).microseconds(at: start) == 30_000_000)
    #expect(position.withLength(nil, at: start).lengthMicroseconds == nil)
  }
}

extension PlayerPositionTests {
  @Test func `a negative rate moves the position back, never below 0`() {
    let position = PlayerPosition(
      microseconds: 100, rate: -1, lengthMicroseconds: nil, isMoving: true, at: start)
    #expect(position.microseconds(at: start + .seconds(1)) == 0)
  }
}
