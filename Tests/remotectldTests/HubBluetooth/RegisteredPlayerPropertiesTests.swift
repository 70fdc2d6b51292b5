import DBus
import RemoteControlMPRIS
import Testing
@testable import HubBluetooth

@testable import remotectld

/// The Now Playing player's properties as bluetoothd 5.66 accepts them in `RegisterPlayer` and
/// `PropertiesChanged`, in process: what players really send made into the types and ranges
/// profiles/audio/media.c accepts, what cannot be left out alone, and every result checked
/// against those rules as media.c's `parse_player_properties` applies them (``Bluetoothd``).
@Suite("The registered player's properties as bluetoothd accepts them")
struct RegisteredPlayerPropertiesTests {
  /// media.c 5.66's type checks, written from `set_player_property` and `parse_player_metadata`:
  /// whether bluetoothd would parse every entry of `properties` (it stops at the first it refuses).
  enum Bluetoothd {
    static func accepts(_ properties: [String: Value]) -> Bool {
      properties.allSatisfy { accepts($0.key, $0.value.unwrappingVariants) }
    }

    static func accepts(_ name: String, _ value: Value) -> Bool {
      switch name.lowercased() {
      case "playbackstatus", "identity": value.signature == "s"
      case "position": value.signature == "x"
      case "shuffle", "canplay", "canpause", "cangonext", "cangoprevious", "cancontrol":
        value.signature == "b"
      case "loopstatus": ["none", "track", "playlist"].contains(value.stringValue?.lowercased() ?? "-")
      case "metadata": metadata(value)
      default: true
      }
    }

    static func metadata(_ value: Value) -> Bool {
      guard case .dictionary(_, _, let entries) = value else { return false }
      return entries.allSatisfy { entry in
        let value = entry.value.unwrappingVariants
        switch entry.key.stringValue?.lowercased() {
        case "xesam:title", "xesam:album": return value.signature == "s"
        case "xesam:artist", "xesam:genre":
          guard case .array(_, let elements) = value else { return false }
          return elements.first.map { $0.signature == "s" } ?? true
        case "mpris:length": return ["x", "t"].contains(value.signature.rawValue)
        case "xesam:tracknumber": return ["i", "u"].contains(value.signature.rawValue)
        default: return true
        }
      }
    }
  }

  static func metadata(_ entries: [String: Value]) -> [String: Value] {
    RegisteredPlayerProperties(["Metadata": .vardict(entries)]).properties["Metadata"].flatMap {
      guard case .dictionary(_, _, let entries) = $0 else { return nil }
      return Dictionary(
        uniqueKeysWithValues: entries.compactMap { entry in
          entry.key.stringValue.map { ($0, entry.value.unwrappingVariants) }
        })
    } ?? [:]
  }

  @Test func `a well-typed player's properties are registered as they are`() {
    let mpris: [String: Value] = [
      "PlaybackStatus": .string("Playing"), "LoopStatus": .string("Playlist"), "Shuffle": .bool(true),
      "Position": .int64(61_500_000), "Rate": .double(1), "CanPlay": .bool(true), "CanControl": .bool(true),
      "Identity": .string("Binaural"),
      "Metadata": .vardict([
        "mpris:trackid": .objectPath("/track/1"), "xesam:title": .string("Song"),
        "xesam:artist": .strings(["Band"]), "xesam:album": .string("Record"),
        "xesam:genre": .strings(["Rock"]), "xesam:trackNumber": .int32(3),
        "mpris:length": .int64(215_000_000), "mpris:artUrl": .string("file:///art.png"),
      ]),
    ]
    let properties = RegisteredPlayerProperties(mpris)
    #expect(properties.properties == mpris)
    #expect(properties.adjustments.isEmpty)
    #expect(Bluetoothd.accepts(properties.properties))
  }

  @Test(arguments: [
    // The types players send (nonsense_players.py's `strange`, Chromium's, VLC's…).
    ("mpris:length", Value.double(215_000_000.4), Value.int64(215_000_000)),
    ("mpris:length", .uint64(215_000_000), .int64(215_000_000)),
    ("mpris:length", .int32(3_000_000), .int64(3_000_000)),
    ("mpris:length", .string("215000000"), .int64(215_000_000)),
    ("xesam:artist", .string("Band"), .strings(["Band"])),
    ("xesam:artist", .strings(["Band", "Guest"]), .strings(["Band, Guest"])),
    ("xesam:artist", .array(elementSignature: "v", [.variant(.string("Band"))]), .strings(["Band"])),
    ("xesam:genre", .string("Rock"), .strings(["Rock"])),
    ("xesam:title", .strings(["Part", "Two"]), .string("Part, Two")),
    ("xesam:title", .objectPath("/a/b"), .string("/a/b")),
    ("xesam:album", .strings(["Record"]), .string("Record")),
    ("xesam:trackNumber", .int64(3), .int32(3)),
    ("xesam:trackNumber", .uint64(3), .int32(3)),
    ("xesam:trackNumber", .uint32(3), .int32(3)),
    ("xesam:trackNumber", .double(3), .int32(3)),
    ("xesam:trackNumber", .string("3/12"), .int32(3)),
    ("mpris:trackid", .string("/org/example/track/1"), .objectPath("/org/example/track/1")),
  ])
  func `an ill-typed metadata entry is made into what bluetoothd accepts`(
    key: String, sent: Value, accepted: Value
  ) {
    var entries: [String: Value] = ["xesam:title": .string("Song")]
    entries[key] = sent
    let metadata = Self.metadata(entries)
    #expect(metadata[key] == accepted)
    #expect(key == "xesam:title" || metadata["xesam:title"] == .string("Song"))
    let properties = RegisteredPlayerProperties(["Metadata": .vardict([key: sent])])
    #expect(properties.adjustments.map(\.name) == ["Metadata.\(key)"])
    #expect(properties.adjustments.first?.leftOut == false)
    #expect(Bluetoothd.accepts(properties.properties))
  }

  @Test(arguments: [
    ("mpris:length", Value.double(-1)), ("mpris:length", .double(.nan)), ("mpris:length", .double(.infinity)),
    ("mpris:length", .int64(-5)), ("mpris:length", .int64(Int64(UInt32.max) * 1000 + 1)),
    ("mpris:length", .string("long")), ("mpris:length", .bool(true)),
    ("xesam:trackNumber", .int64(Int64(Int32.max) + 1)), ("xesam:trackNumber", .int32(-1)),
    ("xesam:trackNumber", .double(2.5)), ("xesam:trackNumber", .uint64(.max)),
    ("xesam:trackNumber", .string("three")),
    ("xesam:artist", .int32(7)), ("xesam:artist", .array(elementSignature: "i", [.int32(7)])),
    ("xesam:artist", .vardict(["a": .string("b")])), ("xesam:genre", .bool(false)),
    ("xesam:title", .int32(7)), ("xesam:album", .double(1)),
    ("mpris:trackid", .string("track-1")), ("mpris:trackid", .int32(1)),
  ])
  func `a metadata entry that cannot be made so is left out alone`(key: String, sent: Value) {
    var entries: [String: Value] = ["xesam:album": .string("Record")]
    entries[key] = sent
    let properties = RegisteredPlayerProperties([
      "Metadata": .vardict(entries), "PlaybackStatus": .string("Playing"),
    ])
    let metadata = Self.metadata(entries)
    #expect(metadata[key] == nil)
    #expect(key == "xesam:album" || metadata["xesam:album"] == .string("Record"))
    #expect(properties.properties["PlaybackStatus"] == .string("Playing"))
    #expect(properties.adjustments.contains { $0.name == "Metadata.\(key)" && $0.leftOut })
    #expect(Bluetoothd.accepts(properties.properties))
  }

  @Test
  func
    `a key in another case, which bluetoothd reads as the same, is made what it accepts; MPRIS's case wins`()
  {
    let metadata = Self.metadata([
      "XESAM:TITLE": .int32(1), "Xesam:Artist": .string("Band"), "xesam:album": .string("Record"),
      "XESAM:ALBUM": .string("Other"),
    ])
    #expect(metadata == ["xesam:artist": .strings(["Band"]), "xesam:album": .string("Record")])
  }

  @Test(arguments: [
    ("LoopStatus", Value.string("playlist"), Value.string("Playlist")),
    ("LoopStatus", .string("Shuffle"), .string("None")),
    ("LoopStatus", .string("Not Available"), .string("None")),
    ("PlaybackStatus", .string("playing"), .string("Playing")),
    ("PlaybackStatus", .string("Buffering"), .string("Stopped")),
    ("Position", .double(1_500_000.6), .int64(1_500_001)),
    ("Position", .uint64(1_500_000), .int64(1_500_000)),
    ("Position", .int32(1_000), .int64(1_000)),
    ("Shuffle", .int32(1), .bool(true)),
    ("CanGoNext", .byte(0), .bool(false)),
    ("Rate", .int32(2), .int32(2)),
    ("Volume", .string("loud"), .string("loud")),
  ])
  func `a property is made into what bluetoothd accepts, or left as it is where bluetoothd ignores it`(
    name: String, sent: Value, accepted: Value
  ) {
    let properties = RegisteredPlayerProperties([name: sent])
    #expect(properties.properties[name] == accepted)
    #expect(RegisteredPlayerProperties.accepted(name, sent) == accepted)
    #expect(Bluetoothd.accepts(properties.properties))
  }

  @Test(arguments: [
    ("LoopStatus", Value.int32(1)), ("PlaybackStatus", .bool(true)), ("Position", .int64(-1)),
    ("Position", .string("soon")), ("Shuffle", .string("yes")), ("CanPlay", .int32(2)),
    ("CanControl", .string("true")), ("Identity", .int32(1)), ("Identity", .string("")),
    ("Metadata", .string("nonsense")), ("Metadata", .strings(["a"])),
  ])
  func `a property that cannot be made so is left out alone`(name: String, sent: Value) {
    var mpris: [String: Value] = ["PlaybackStatus": .string("Paused")]
    mpris[name] = sent
    let properties = RegisteredPlayerProperties(mpris)
    #expect(properties.properties[name] == nil)
    #expect(properties.adjustments.contains { $0.name == name && $0.leftOut })
    if name != "PlaybackStatus" { #expect(properties.properties["PlaybackStatus"] == .string("Paused")) }
    #expect(RegisteredPlayerProperties.accepted(name, sent) == nil)
  }

  @Test func `whatever a player sends, everything registered is what bluetoothd 5.66 parses to the end`() {
    let values: [Value] = [
      .bool(true), .byte(3), .int16(-2), .uint16(2), .int32(-7), .int32(7), .uint32(9), .int64(-1),
      .int64(Int64.max), .uint64(.max), .uint64(12), .double(-0.5), .double(2.5), .double(.nan),
      .string(""), .string("Playlist"), .string("7"), .string("x"), .objectPath("/o"), .strings([]),
      .strings(["a", "b"]), .array(elementSignature: "i", [.int32(1)]),
      .array(elementSignature: "v", [.variant(.int32(1)), .variant(.string("s"))]),
      .vardict(["k": .int32(1)]),
      .variant(.variant(.string("deep"))),
    ]
    let names =
      PlayerProperty.allCases.map(\.rawValue) + ["Identity", "playbackstatus", "METADATA", "Unknown"]
    let keys = [
      "xesam:title", "xesam:artist", "xesam:album", "xesam:genre", "mpris:length", "xesam:trackNumber",
      "mpris:trackid", "XESAM:TITLE", "xesam:albumArtist",
    ]
    var checked = 0
    for value in values {
      for name in names {
        let properties = RegisteredPlayerProperties([name: value])
        #expect(Bluetoothd.accepts(properties.properties), "\(name): \(value)")
        checked += 1
      }
      for key in keys {
        let properties = RegisteredPlayerProperties(["Metadata": .vardict([key: value])])
        #expect(Bluetoothd.accepts(properties.properties), "Metadata.\(key): \(value)")
        #expect(properties.properties["Metadata"] != nil)
        checked += 1
      }
    }
    #expect(checked == values.count * (names.count + keys.count))
  }

  @Test(arguments: [
    ("org.mpris.MediaPlayer2.vlc", "vlc"), ("org.mpris.MediaPlayer2.vlc.instance4242", "vlc"),
    ("org.mpris.MediaPlayer2.chromium.instance12", "chromium"),
    ("org.mpris.MediaPlayer2.Phone_Music", "Phone_Music"),
    ("org.mpris.MediaPlayer2.instance", "instance"), ("org.mpris.MediaPlayer2.a.b", "b"),
  ])
  func `an app without Identity is named by the last part of its bus name`(busName: String, name: String) {
    #expect(RegisteredPlayer.name(fromBusName: busName) == name)
  }
}
