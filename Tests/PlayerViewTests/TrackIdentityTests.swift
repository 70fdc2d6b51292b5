import DBus
import PlayerView
import Testing

@Suite("What makes a track change")
struct TrackIdentityTests {
  @Test func `the trackid, url and title name the track; artwork and length do not`() {
    let first = Value.vardict([
      "mpris:trackid": .objectPath("/track/1"), "xesam:title": .string("One"), "mpris:length": .int64(5),
    ])
    let withArt = Value.vardict([
      "mpris:trackid": .objectPath("/track/1"), "xesam:title": .string("One"), "mpris:length": .int64(9),
      "mpris:artUrl": .string("file:///art.png"),
    ])
    let next = Value.vardict(["mpris:trackid": .objectPath("/track/2"), "xesam:title": .string("One")])
    #expect(TrackIdentity.of(first) == TrackIdentity.of(withArt))
    #expect(TrackIdentity.of(first) != TrackIdentity.of(next))
  }

  @Test func `a stream that changes only its title changes track`() {
    let before = Value.vardict(["xesam:url": .string("http://radio"), "xesam:title": .string("Song A")])
    let after = Value.vardict(["xesam:url": .string("http://radio"), "xesam:title": .string("Song B")])
    #expect(TrackIdentity.of(before) != TrackIdentity.of(after))
  }

  @Test func `empty metadata and nonsense name no track`() {
    #expect(TrackIdentity.of(.vardict([:])) == nil)
    #expect(TrackIdentity.of(.vardict(["mpris:length": .int64(3)])) == nil)
    #expect(TrackIdentity.of(.string("nonsense")) == nil)
    #expect(TrackIdentity.of(.variant(.vardict(["xesam:title": .string("T")]))) != nil)
  }

  @Test func `a trackid sent as a string names the track as one sent as an object path does`() {
    let path = Value.vardict(["mpris:trackid": .objectPath("/track/1")])
    let string = Value.vardict(["mpris:trackid": .string("/track/1")])
    #expect(TrackIdentity.of(path) == TrackIdentity.of(string))
  }
}
