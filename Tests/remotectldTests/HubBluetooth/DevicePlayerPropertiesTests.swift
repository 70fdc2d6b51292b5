import DBus
import RemoteControlMPRIS
import Testing

@testable import HubBluetooth
@testable import HubCore
@testable import remotectld

/// A Bluetooth device's `org.bluez.MediaPlayer1` read as an MPRIS player, in process: each
/// property mapped as mpris-proxy maps it (tools/mpris-proxy.c), with legal MPRIS values, and
/// what is ill-typed left out and named.
@Suite("A device's MediaPlayer1 as MPRIS")
struct DevicePlayerPropertiesTests {
  static let path: ObjectPath = "/org/bluez/hci0/dev_AA_BB_CC_DD_EE_02/player0"

  static func track(_ fields: [String: Value]) -> Value { .vardict(fields) }

  @Test func `a phone's playing track: status, metadata in MPRIS units, position, shuffle and repeat`() {
    let properties = DevicePlayerProperties(
      [
        "Status": .string("playing"), "Position": .uint32(61_500),
        "Shuffle": .string("alltracks"), "Repeat": .string("singletrack"),
        "Track": Self.track([
          "Title": .string("Song"), "Artist": .string("Band"), "Album": .string("Record"),
          "Genre": .string("Rock"), "TrackNumber": .uint32(3), "NumberOfTracks": .uint32(12),
          "Duration": .uint32(215_000),
        ]),
      ], at: Self.path)
    #expect(properties.player["PlaybackStatus"] == .string("Playing"))
    #expect(properties.player["Position"] == .int64(61_500_000))
    #expect(properties.player["Shuffle"] == .bool(true))
    #expect(properties.player["LoopStatus"] == .string("Track"))
    #expect(properties.player["CanSeek"] == .bool(false))
    #expect(properties.player["CanPlay"] == .bool(true))
    #expect(
      properties.player["Metadata"]
        == .vardict([
          "xesam:title": .string("Song"), "xesam:artist": .strings(["Band"]),
          "xesam:album": .string("Record"),
          "xesam:genre": .strings(["Rock"]), "xesam:trackNumber": .int32(3),
          "bluez:numberOfTracks": .int32(12),
          "mpris:length": .int64(215_000_000),
          "mpris:trackid": .objectPath("/org/bluez/hci0/dev_AA_BB_CC_DD_EE_02/player0/track3"),
        ]))
    #expect(properties.illTyped.isEmpty)
    #expect(properties.member(for: .playPause) == "Pause")
  }

  @Test(arguments: [
    ("playing", "Playing"), ("PLAYING", "Playing"), ("forward-seek", "Playing"), ("reverse-seek", "Playing"),
    ("paused", "Paused"), ("stopped", "Stopped"), ("error", "Stopped"), ("Not Available", "Stopped"),
  ])
  func `every Status becomes a legal PlaybackStatus`(status: String, expected: String) {
    let properties = DevicePlayerProperties(["Status": .string(status)], at: Self.path)
    #expect(properties.player["PlaybackStatus"] == .string(expected))
  }

  @Test(arguments: [
    ("off", "None"), ("singletrack", "Track"), ("alltracks", "Playlist"), ("group", "Playlist"),
  ])
  func `every Repeat becomes a LoopStatus`(repeatMode: String, expected: String) {
    let properties = DevicePlayerProperties(["Repeat": .string(repeatMode)], at: Self.path)
    #expect(properties.player["LoopStatus"] == .string(expected))
  }

  @Test func `a headphone's player with nothing but a status: Stopped-safe defaults and NoTrack`() {
    let properties = DevicePlayerProperties([:], at: Self.path)
    #expect(properties.player["PlaybackStatus"] == .string("Stopped"))
    #expect(
      properties.player["Metadata"]
        == .vardict(["mpris:trackid": .objectPath("/org/mpris/MediaPlayer2/TrackList/NoTrack")]))
    #expect(properties.player["Position"] == nil)
    #expect(properties.player["Shuffle"] == nil)
    #expect(properties.player["LoopStatus"] == nil)
    #expect(properties.member(for: .playPause) == "Play")
  }

  @Test func `ill-typed properties and track fields are left out and named; the rest is served`() {
    let properties = DevicePlayerProperties(
      [
        "Status": .int32(1), "Position": .string("soon"), "Shuffle": .bool(true),
        "Track": Self.track(["Title": .string("Song"), "Duration": .string("3:35"), "TrackNumber": .int32(2)]
        ),
      ], at: Self.path)
    #expect(
      properties.illTyped.map(\.name) == [
        "Position", "Shuffle", "Status", "Track.Duration", "Track.TrackNumber",
      ])
    #expect(properties.illTyped.first?.expected == "u")
    #expect(properties.player["PlaybackStatus"] == .string("Stopped"))
    #expect(properties.player["Position"] == nil)
    #expect(properties.player["Shuffle"] == nil)
    #expect(
      properties.player["Metadata"]
        == .vardict([
          "xesam:title": .string("Song"),
          "mpris:trackid": .objectPath("/org/bluez/hci0/dev_AA_BB_CC_DD_EE_02/player0/track0"),
        ]))
    let notADictionary = DevicePlayerProperties(["Track": .string("none")], at: Self.path)
    #expect(notADictionary.illTyped.map(\.name) == ["Track"])
  }

  @Test func `commands: the five MPRIS presses by name, PlayPause from Status, no Seek`() {
    let playing = DevicePlayerProperties(["Status": .string("playing")], at: Self.path)
    let paused = DevicePlayerProperties(["Status": .string("paused")], at: Self.path)
    for method in [PlayerMethod.play, .pause, .stop, .next, .previous] {
      #expect(playing.member(for: method) == method.rawValue)
    }
    #expect(playing.member(for: .playPause) == "Pause")
    #expect(paused.member(for: .playPause) == "Play")
    #expect(playing.member(for: .seek) == nil)
    #expect(playing.member(for: .setPosition) == nil)
  }

  @Test func `an Item names the track`() {
    let properties = DevicePlayerProperties(
      ["Track": Self.track(["Item": .objectPath("/org/bluez/hci0/dev_X/player0/NowPlaying/item7")])],
      at: Self.path)
    #expect(
      properties.player["Metadata"]
        == .vardict(["mpris:trackid": .objectPath("/org/bluez/hci0/dev_X/player0/NowPlaying/item7")]))
  }
}
