import NowPlayingArbiter
import RemoteControlMPRIS
import Testing

@testable import remotectl

@Suite("The client API's bus-free parts")
struct ClientModelTests {
  @Test func `player identities split instance and name as playerctl does`() {
    let identity = PlayerIdentity(busName: "org.mpris.MediaPlayer2.vlc.instance1234")
    #expect(identity?.instance == "vlc.instance1234")
    #expect(identity?.name == "vlc")
    #expect(PlayerIdentity(busName: "org.freedesktop.Notifications") == nil)
    #expect(PlayerIdentity(busName: "org.mpris.MediaPlayer2.") == nil)
    #expect(PlayerIdentity(instance: "mpv").busName == "org.mpris.MediaPlayer2.mpv")
  }

  @Test
  func `the arbiter, which cannot import RemoteControlMPRIS, takes players by the same bus-name prefix`() {
    #expect(CandidateFilter.mprisPrefix == PlayerIdentity.busNamePrefix)
    #expect(CandidateFilter().admits(PlayerIdentity(instance: "vlc").busName))
  }

  @Test func `player state reads typed properties and applies PropertiesChanged and Seeked`() {
    var state = PlayerState(properties: [
      "PlaybackStatus": .string("Paused"), "Volume": .double(0.5), "CanPlay": .bool(true),
      "Metadata": .dictionary(
        keySignature: "s", valueSignature: "v",
        [
          .init(key: .string("mpris:trackid"), value: .variant(.objectPath("/t/1"))),
          .init(key: .string("mpris:length"), value: .variant(.int64(90_000_000))),
          .init(
            key: .string("xesam:artist"),
            value: .variant(.array(elementSignature: "s", [.string("A"), .string("B")]))),
        ]),
    ])
    #expect(state.playbackStatus == .paused)
    #expect(state.trackID == "/t/1")
    #expect(state.length == 90_000_000)
    #expect(state.artist == "A, B")
    #expect(state.canPlay && !state.canSeek)
    state.apply(
      .propertiesChanged(
        interface: RemotePlayer.playerInterface, changed: ["PlaybackStatus": .string("Playing")],
        invalidated: ["Volume"]))
    #expect(state.playbackStatus == .playing)
    #expect(state.volume == nil)
    state.apply(.seeked(microseconds: 42))
    #expect(state.position == 42)
    state.apply(
      .propertiesChanged(
        interface: RemotePlayer.rootInterface, changed: ["PlaybackStatus": .string("Stopped")],
        invalidated: []))
    #expect(state.playbackStatus == .playing)
  }

  @Test func `a followed player's position moves at Rate while playing and stays inside the track`() {
    let start = ContinuousClock.now
    var tracked = TrackedPlayer(
      state: PlayerState(properties: [
        "PlaybackStatus": .string("Playing"), "Rate": .double(2),
        "Metadata": .dictionary(
          keySignature: "s", valueSignature: "v",
          [.init(key: .string("mpris:length"), value: .variant(.int64(5_000_000)))]),
      ]),
      stamp: 1)
    tracked.report(1_000_000, at: start)
    #expect(tracked.position.microseconds(at: start + .seconds(1)) == 3_000_000)
    #expect(tracked.position.microseconds(at: start + .seconds(10)) == 5_000_000)
    _ = tracked.apply(
      .propertiesChanged(
        interface: RemotePlayer.playerInterface, changed: ["PlaybackStatus": .string("Paused")],
        invalidated: []),
      stamp: 2)
    let paused = tracked.position.microseconds(at: .now)
    #expect(paused >= 1_000_000)
    #expect(tracked.position.microseconds(at: .now + .seconds(10)) == paused, "paused, it stays")
    tracked.report(42, at: .now)
    #expect(tracked.position.microseconds(at: .now + .seconds(10)) == 42, "a Seeked moves it")
  }

  @Test func `values print as playerctl prints them`() {
    #expect(PropertyValue.objectPath("/org/x").playerctlText == "'/org/x'")
    #expect(PropertyValue.array(elementSignature: "s", [.string("a"), .string("b")]).playerctlText == "a, b")
    #expect(PropertyValue.int32(7).playerctlText == "7")
    #expect(PropertyValue.double(0.25).playerctlText == "0.25")
    #expect(PropertyValue.array(elementSignature: "x", [.int64(1), .int64(2)]).playerctlText == "[1, 2]")
    #expect(PropertyValue.array(elementSignature: "s", []).gvariantText(annotate: false) == "@as []")
    #expect(PropertyValue.string("it's").gvariantText(annotate: false) == "\"it's\"")
  }

  @Test func `the metadata table pads like playerctl and gives each artist a line`() {
    let table = MetadataTable.render(
      playerName: "mpv",
      entries: [
        ("xesam:artist", .array(elementSignature: "s", [.string("A"), .string("B")])),
        ("mpris:length", .int64(5)),
      ])
    #expect(
      table == """
        mpv   xesam:artist              A
        mpv   xesam:artist              B
        mpv   mpris:length              5
        """)
  }

  @Test func `the live view frame shows title, artist and a proportional bar`() {
    let frame = LiveFrame.make(
      player: "binaural", status: "Playing", title: "Alpha", artist: "Lab", position: 30_000_000,
      length: 120_000_000, barWidth: 8)
    #expect(frame.header == "▶ Alpha — Lab  (binaural)")
    #expect(frame.progress == "0:30 [##------] 2:00")
    #expect(
      LiveFrame.make(
        player: "p", status: "Paused", title: nil, artist: nil, position: 0, length: nil, barWidth: 2
      )
      .progress == "0:00 [··] live")
  }

  @Test func `printing verbs skip players the way playerctl does`() throws {
    let identity = PlayerIdentity(instance: "x")
    let empty = PlayerState(properties: [:])
    #expect(
      try VerbRenderer.render(.status, template: nil, identity: identity, state: empty, position: nil)
        == .skipped)
    #expect(
      try VerbRenderer.render(
        .metadata(keys: []), template: nil, identity: identity, state: empty, position: nil)
        == .skipped)
    let state = PlayerState(properties: [
      "PlaybackStatus": .string("Paused"), "Shuffle": .bool(true), "Volume": .double(1),
    ])
    #expect(
      try VerbRenderer.render(.status, template: nil, identity: identity, state: state, position: nil)
        == .printed("Paused"))
    #expect(
      try VerbRenderer.render(.shuffle(nil), template: nil, identity: identity, state: state, position: nil)
        == .printed("On"))
    #expect(
      try VerbRenderer.render(.volume(nil), template: nil, identity: identity, state: state, position: nil)
        == .printed("1.000000"))
    #expect(
      try VerbRenderer.render(
        .position(nil), template: nil, identity: identity, state: state, position: 1_500_000)
        == .printed("1.500000"))
    let template = try Template("{{playerName}} {{title}}")
    #expect(
      try VerbRenderer.render(.status, template: template, identity: identity, state: state, position: 0)
        == .printed("x "))
  }

  @Test func `open sends existing files as file URIs and anything else as it is`() {
    #expect(FileURI.resolve("https://example.org/a b.ogg") == "https://example.org/a b.ogg")
    #expect(FileURI.resolve("/etc/hostname") == "file:///etc/hostname")
    #expect(FileURI.escaped("/tmp/a b#c.ogg") == "/tmp/a%20b%23c.ogg")
    #expect(FileURI.resolve("/no/such/file") == "/no/such/file")
  }
}
