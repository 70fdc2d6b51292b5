import RemoteControl
import RemoteControlTesting
import Testing

typealias Command = RemoteControlEvent.Command
typealias Subtype = RemoteControlEvent.Subtype

@Suite("Events")
struct EventsTests {
  static let english = LanguageOption(
    kind: .audible, languageTag: "en", displayName: "English", identifier: "audio-en")
  static let subtitles = LanguageOption(
    kind: .legible, languageTag: "pt-BR", displayName: "Português", identifier: "subs-pt")

  /// Every command, with the command-center command it belongs to.
  static let commandsAndKinds: [(Command, RemoteCommandKind)] = [
    (.play, .play),
    (.pause, .pause),
    (.stop, .stop),
    (.togglePlayPause, .togglePlayPause),
    (.nextTrack, .nextTrack),
    (.previousTrack, .previousTrack),
    (.beginSeekingForward, .seekForward),
    (.endSeekingForward, .seekForward),
    (.beginSeekingBackward, .seekBackward),
    (.endSeekingBackward, .seekBackward),
    (.skipForward(.seconds(15)), .skipForward),
    (.skipBackward(.seconds(30)), .skipBackward),
    (.changePlaybackPosition(.seconds(42)), .changePlaybackPosition),
    (.changePlaybackRate(1.5), .changePlaybackRate),
    (.changeRepeatMode(.one), .changeRepeatMode),
    (.changeShuffleMode(.collections), .changeShuffleMode),
    (.changeRating(4), .rating),
    (.like(isNegative: false), .like),
    (.dislike(isNegative: true), .dislike),
    (.bookmark(isNegative: false), .bookmark),
    (.enableLanguageOption(english), .enableLanguageOption),
    (.disableLanguageOption(subtitles), .disableLanguageOption),
    (.changeVolume(0.25), .changeVolume),
    (.openURI("file:///music/a.flac"), .openURI),
    (.raise, .raise),
    (.quit, .quit),
    (.goToQueueItem("a"), .goToQueueItem),
    (.addQueueItem(QueueItemAddition(uri: "file:///a", afterItemID: nil, makeCurrent: false)), .addQueueItem),
    (.removeQueueItem("a"), .removeQueueItem), (.activatePlaylist("p"), .activatePlaylist),
  ]

  // MARK: - UIKit subtypes

  @Test func theTenUIKitSubtypesExistInUIKitsOrder() {
    #expect(
      Subtype.allCases == [
        .play, .pause, .stop, .togglePlayPause, .nextTrack, .previousTrack,
        .beginSeekingBackward, .endSeekingBackward, .beginSeekingForward, .endSeekingForward,
      ])
  }

  @Test(
    arguments: zip(
      Subtype.allCases,
      [
        Command.play, .pause, .stop, .togglePlayPause, .nextTrack, .previousTrack,
        .beginSeekingBackward, .endSeekingBackward, .beginSeekingForward, .endSeekingForward,
      ]))
  func subtypeMapsToItsCommandAndBack(subtype: Subtype, command: Command) {
    #expect(subtype.command == command)
    #expect(Subtype(command) == subtype)
    #expect(RemoteControlEvent(command).subtype == subtype)
  }

  @Test(arguments: commandsAndKinds.map(\.0).filter { Subtype($0) == nil })
  func commandWithoutAUIKitSubtypeHasNone(command: Command) {
    #expect(Subtype(command) == nil)
    #expect(RemoteControlEvent(command).subtype == nil)
  }

  @Test func exactlyTenCommandsHaveAUIKitSubtype() {
    #expect(Self.commandsAndKinds.count(where: { Subtype($0.0) != nil }) == 10)
  }

  // MARK: - Commands and payloads

  @Test(arguments: commandsAndKinds)
  @MainActor
  func commandMapsToItsCommandCenterCommand(command: Command, kind: RemoteCommandKind) {
    #expect(RemoteCommandKind(command) == kind)
    let center = RemoteCommandCenter()
    #expect(center.command(for: command) === center.command(for: kind))
    #expect(center.command(for: command).kind == kind)
  }

  @Test func everyCommandCenterCommandIsReachedByAnEvent() {
    #expect(Set(Self.commandsAndKinds.map(\.1)) == Set(RemoteCommandKind.allCases))
    #expect(RemoteCommandKind.allCases.count == 28)
  }

  @Test func payloadsAreCarriedUnchanged() {
    let event = RemoteControlEvent(.skipForward(.milliseconds(12_500)))
    guard case .skipForward(let interval) = event.command else {
      Issue.record("expected skipForward, got \(event.command)")
      return
    }
    #expect(interval == .milliseconds(12_500))

    let payloads: [(Command, Command)] = [
      (.skipForward(.seconds(15)), .skipForward(.seconds(30))),
      (.skipBackward(.seconds(15)), .skipBackward(.seconds(30))),
      (.changePlaybackPosition(.seconds(1)), .changePlaybackPosition(.seconds(2))),
      (.changePlaybackRate(1), .changePlaybackRate(2)),
      (.changeRepeatMode(.off), .changeRepeatMode(.all)),
      (.changeShuffleMode(.off), .changeShuffleMode(.items)),
      (.changeRating(1), .changeRating(5)),
      (.like(isNegative: false), .like(isNegative: true)),
      (.dislike(isNegative: false), .dislike(isNegative: true)),
      (.bookmark(isNegative: false), .bookmark(isNegative: true)),
      (.enableLanguageOption(Self.english), .enableLanguageOption(Self.subtitles)),
      (.disableLanguageOption(Self.english), .disableLanguageOption(Self.subtitles)),
      (.changeVolume(0), .changeVolume(1)),
      (.openURI("a"), .openURI("b")),
    ]
    for (one, other) in payloads {
      #expect(one != other, "the payload must tell \(one) from \(other)")
    }
  }

  @Test func payloadTypesHaveTheirMediaPlayerAndMPRISValues() {
    #expect(RepeatMode.allCases == [.off, .one, .all])
    #expect(ShuffleMode.allCases == [.off, .items, .collections])
    #expect(Self.english.kind == .audible)
    #expect(Self.english.languageTag == "en")
    #expect(Self.english.displayName == "English")
    #expect(Self.english.identifier == "audio-en")
  }

  // MARK: - Source and timestamp

  @Test func eventCarriesItsSourceAndTimestamp() {
    let timestamp = ContinuousClock.now.advanced(by: .seconds(-3))
    let event = RemoteControlEvent(.play, source: .mpris(sender: ":1.42"), timestamp: timestamp)
    #expect(event.command == .play)
    #expect(event.source == .mpris(sender: ":1.42"))
    #expect(event.timestamp == timestamp)
  }

  @Test func eventDefaultsToTheApplicationAsSourceAndNowAsTimestamp() {
    let before = ContinuousClock.now
    let event = RemoteControlEvent(.pause)
    let after = ContinuousClock.now
    #expect(event.source == .application)
    #expect(event.timestamp >= before)
    #expect(event.timestamp <= after)
  }

  @Test(
    arguments: [
      (RemoteControlEvent.Source.mpris(sender: ":1.42"), "mpris(:1.42)"),
      (.commandLine, "commandLine"),
      (.web(client: "firefox"), "web(firefox)"),
      (.web(client: nil), "web"),
      (.keyboard, "keyboard"),
      (.continuousSeek, "continuousSeek"),
      (.application, "application"),
      (.test, "test"),
      (.other("car"), "car"),
    ])
  func sourceDescriptionNamesIt(source: RemoteControlEvent.Source, description: String) {
    #expect(source.description == description)
  }

  @Test @MainActor func controllerStampsEventsWithItsSourceAndThePressTime() async throws {
    let app = Application()
    app.beginReceivingRemoteControlEvents()
    let seen = Log<RemoteControlEvent>()
    app.observeEvents { seen.append($0.event) }
    let controller = InMemoryController(app, source: .mpris(sender: ":1.7"))

    let before = ContinuousClock.now
    await controller.press(.nextTrack)
    let after = ContinuousClock.now

    #expect(seen.values.map(\.command) == [.nextTrack])
    #expect(seen.values.map(\.source) == [.mpris(sender: ":1.7")])
    let timestamp = try #require(seen.values.first).timestamp
    #expect(timestamp >= before)
    #expect(timestamp <= after)
  }

  @Test @MainActor func controllerHoldAndReleaseSendTheSeekingEvents() async {
    let app = Application()
    app.beginReceivingRemoteControlEvents()
    let seen = Log<Command>()
    app.observeEvents { seen.append($0.event.command) }
    let controller = InMemoryController(app)
    #expect(controller.source == .test)

    await controller.beginHolding(.forward)
    await controller.release(.forward)
    await controller.beginHolding(.backward)
    await controller.release(.backward)

    #expect(
      seen.values == [
        .beginSeekingForward, .endSeekingForward, .beginSeekingBackward, .endSeekingBackward,
      ])
  }
}
