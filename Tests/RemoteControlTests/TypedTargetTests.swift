import RemoteControl
import Testing

/// The payload a typed target received, as one comparable value.
enum Received: Equatable {
  case interval(Duration)
  case position(Duration)
  case rate(Double)
  case repeatMode(RepeatMode)
  case shuffleMode(ShuffleMode)
  case rating(Double)
  case isNegative(Bool)
  case volume(Double)
  case uri(String)
  case languageOption(LanguageOption)
  case id(String)
}

@Suite("Typed command targets")
@MainActor
struct TypedTargetTests {
  let app = Application()
  let received = Log<Received>()

  init() {
    app.beginReceivingRemoteControlEvents()
    let commands = app.commandCenter
    let received = received
    commands.skipForwardCommand.addTarget { (interval: Duration) in
      received.append(.interval(interval))
      return .success
    }
    commands.skipBackwardCommand.addTarget { (interval: Duration) in
      received.append(.interval(interval))
      return .success
    }
    commands.changePlaybackPositionCommand.addTarget { (position: Duration) in
      received.append(.position(position))
      return .success
    }
    commands.changePlaybackRateCommand.addTarget { (rate: Double) in
      received.append(.rate(rate))
      return .success
    }
    commands.changeRepeatModeCommand.addTarget { (mode: RepeatMode) in
      received.append(.repeatMode(mode))
      return .success
    }
    commands.changeShuffleModeCommand.addTarget { (mode: ShuffleMode) in
      received.append(.shuffleMode(mode))
      return .success
    }
    commands.ratingCommand.addTarget { (rating: Double) in
      received.append(.rating(rating))
      return .success
    }
    for feedback in [commands.likeCommand, commands.dislikeCommand, commands.bookmarkCommand] {
      feedback.addTarget { (isNegative: Bool) in
        received.append(.isNegative(isNegative))
        return .success
      }
    }
    commands.changeVolumeCommand.addTarget { (volume: Double) in
      received.append(.volume(volume))
      return .success
    }
    commands.openURICommand.addTarget { (uri: String) in
      received.append(.uri(uri))
      return .success
    }
    for language in [commands.enableLanguageOptionCommand, commands.disableLanguageOptionCommand] {
      language.addTarget { (option: LanguageOption) in
        received.append(.languageOption(option))
        return .success
      }
    }
    for item in [
      commands.goToQueueItemCommand, commands.removeQueueItemCommand, commands.activatePlaylistCommand,
    ] {
      item.addTarget { (id: String) in
        received.append(.id(id))
        return .success
      }
    }
  }

  static let french = LanguageOption(
    kind: .legible, languageTag: "fr", displayName: "Français", identifier: "sub-fr")

  @Test func eachTypedTargetReceivesItsEventsPayloadWithoutMatchingTheEvent() {
    let sent: [(RemoteControlEvent.Command, Received)] = [
      (.skipForward(.seconds(15)), .interval(.seconds(15))),
      (.skipBackward(.seconds(5)), .interval(.seconds(5))),
      (.changePlaybackPosition(.seconds(42)), .position(.seconds(42))),
      (.changePlaybackRate(1.5), .rate(1.5)),
      (.changeRepeatMode(.all), .repeatMode(.all)),
      (.changeShuffleMode(.items), .shuffleMode(.items)),
      (.changeRating(4), .rating(4)),
      (.like(isNegative: false), .isNegative(false)),
      (.dislike(isNegative: true), .isNegative(true)),
      (.bookmark(isNegative: false), .isNegative(false)),
      (.changeVolume(0.25), .volume(0.25)),
      (.openURI("file:///tmp/a.flac"), .uri("file:///tmp/a.flac")),
      (.enableLanguageOption(Self.french), .languageOption(Self.french)),
      (.disableLanguageOption(Self.french), .languageOption(Self.french)),
      (.goToQueueItem("episode-2"), .id("episode-2")),
      (.removeQueueItem("episode-3"), .id("episode-3")),
      (.activatePlaylist("favourites"), .id("favourites")),
    ]
    for (command, _) in sent {
      #expect(app.sendEvent(RemoteControlEvent(command)) == .commandCenter(.success))
    }
    #expect(received.values == sent.map(\.1))
  }

  @Test func aTypedTargetIsATargetLikeAnyOther() {
    let rates = app.commandCenter.changePlaybackRateCommand
    #expect(rates.hasTargets)
    rates.isEnabled = false
    #expect(app.sendEvent(RemoteControlEvent(.changePlaybackRate(2))) == .unhandled)
    rates.isEnabled = true
    rates.removeAllTargets()
    #expect(app.sendEvent(RemoteControlEvent(.changePlaybackRate(2))) == .unhandled)
    #expect(received.values.isEmpty)
  }

  @Test func aClosureThatIgnoresItsArgumentStillCompilesAsAnEventTarget() {
    let volume = app.commandCenter.changeVolumeCommand
    volume.removeAllTargets()
    let events = Log<RemoteControlEvent.Command>()
    volume.addTarget { event in
      events.append(event.command)
      return .noSuchContent
    }
    volume.addTarget { _ in .success }
    #expect(app.sendEvent(RemoteControlEvent(.changeVolume(0.5))) == .commandCenter(.noSuchContent))
    #expect(events.values == [.changeVolume(0.5)])
  }
}
