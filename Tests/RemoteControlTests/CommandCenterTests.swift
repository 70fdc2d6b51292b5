import RemoteControl
import RemoteControlTesting
import Testing

/// A change to one command's setting, applied to a command center.
struct SettingChange: Sendable, CustomTestStringConvertible {
  let testDescription: String
  let kind: RemoteCommandKind
  let apply: @MainActor @Sendable (RemoteCommandCenter) -> Void

  init(
    _ name: String, _ kind: RemoteCommandKind,
    _ apply: @escaping @MainActor @Sendable (RemoteCommandCenter) -> Void
  ) {
    self.testDescription = name
    self.kind = kind
    self.apply = apply
  }

  static let all: [SettingChange] = [
    .init("isEnabled", .pause) { $0.pauseCommand.isEnabled = false },
    .init("supportedPlaybackRates", .changePlaybackRate) {
      $0.changePlaybackRateCommand.supportedPlaybackRates = [0.5, 1, 2]
    },
    .init("skipForward.preferredIntervals", .skipForward) {
      $0.skipForwardCommand.preferredIntervals = [.seconds(10), .seconds(30)]
    },
    .init("skipBackward.preferredIntervals", .skipBackward) {
      $0.skipBackwardCommand.preferredIntervals = [.seconds(5)]
    },
    .init("currentRepeatType", .changeRepeatMode) { $0.changeRepeatModeCommand.currentRepeatType = .all },
    .init("currentShuffleType", .changeShuffleMode) {
      $0.changeShuffleModeCommand.currentShuffleType = .items
    },
    .init("currentVolume", .changeVolume) { $0.changeVolumeCommand.currentVolume = 0.5 },
    .init("minimumRating", .rating) { $0.ratingCommand.minimumRating = 1 },
    .init("maximumRating", .rating) { $0.ratingCommand.maximumRating = 10 },
    .init("like.isActive", .like) { $0.likeCommand.isActive = true },
    .init("dislike.localizedTitle", .dislike) { $0.dislikeCommand.localizedTitle = "Not for me" },
    .init("bookmark.localizedShortTitle", .bookmark) {
      $0.bookmarkCommand.localizedShortTitle = "Save"
    },
  ]
}

@MainActor
@Suite("Command center", .timeLimit(.minutes(3)))
struct CommandCenterTests {
  let center = RemoteCommandCenter()

  /// The kinds of the commands the center reports as changed, in order.
  func recordChanges() -> Log<RemoteCommandKind> {
    let changes = Log<RemoteCommandKind>()
    center.observeChanges { changes.append($0.kind) }
    return changes
  }

  // MARK: - Commands

  @Test func everyCommandStartsEnabledWithoutTargets() {
    #expect(center.allCommands.map(\.kind) == RemoteCommandKind.allCases)
    for command in center.allCommands {
      #expect(command.isEnabled, "\(command.kind)")
      #expect(!command.hasTargets, "\(command.kind)")
    }
  }

  @Test func eachCommandPropertyIsTheCommandOfItsKind() {
    let properties: [(RemoteCommandKind, RemoteCommand)] = [
      (.play, center.playCommand), (.pause, center.pauseCommand), (.stop, center.stopCommand),
      (.togglePlayPause, center.togglePlayPauseCommand), (.nextTrack, center.nextTrackCommand),
      (.previousTrack, center.previousTrackCommand), (.seekForward, center.seekForwardCommand),
      (.seekBackward, center.seekBackwardCommand), (.skipForward, center.skipForwardCommand),
      (.skipBackward, center.skipBackwardCommand),
      (.changePlaybackPosition, center.changePlaybackPositionCommand),
      (.changePlaybackRate, center.changePlaybackRateCommand),
      (.changeRepeatMode, center.changeRepeatModeCommand),
      (.changeShuffleMode, center.changeShuffleModeCommand), (.rating, center.ratingCommand),
      (.like, center.likeCommand), (.dislike, center.dislikeCommand),
      (.bookmark, center.bookmarkCommand),
      (.enableLanguageOption, center.enableLanguageOptionCommand),
      (.disableLanguageOption, center.disableLanguageOptionCommand),
      (.changeVolume, center.changeVolumeCommand), (.openURI, center.openURICommand),
      (.raise, center.raiseCommand), (.quit, center.quitCommand),
      (.goToQueueItem, center.goToQueueItemCommand), (.addQueueItem, center.addQueueItemCommand),
      (.removeQueueItem, center.removeQueueItemCommand), (.activatePlaylist, center.activatePlaylistCommand),
    ]
    #expect(properties.map(\.0) == RemoteCommandKind.allCases)
    for (kind, command) in properties {
      #expect(command.kind == kind)
      #expect(center.command(for: kind) === command, "\(kind)")
    }
    #expect(Set(properties.map { ObjectIdentifier($0.1) }).count == 28)
  }

  @Test func commandSettingsHaveMediaPlayersDefaults() {
    #expect(center.changePlaybackRateCommand.supportedPlaybackRates == [1])
    #expect(center.skipForwardCommand.preferredIntervals == [.seconds(15)])
    #expect(center.skipBackwardCommand.preferredIntervals == [.seconds(15)])
    #expect(center.changeRepeatModeCommand.currentRepeatType == .off)
    #expect(center.changeShuffleModeCommand.currentShuffleType == .off)
    #expect(center.changeVolumeCommand.currentVolume == 1)
    #expect(center.ratingCommand.minimumRating == 0)
    #expect(center.ratingCommand.maximumRating == 5)
    for feedback in [center.likeCommand, center.dislikeCommand, center.bookmarkCommand] {
      #expect(!feedback.isActive)
      #expect(feedback.localizedTitle == "")
      #expect(feedback.localizedShortTitle == "")
    }
  }

  @Test func minimumAndMaximumRateAreTheExtremesOfTheSupportedRates() {
    let rate = center.changePlaybackRateCommand
    #expect(rate.minimumRate == 1)
    #expect(rate.maximumRate == 1)
    rate.supportedPlaybackRates = [1, 0.5, 2, 1.5]
    #expect(rate.minimumRate == 0.5)
    #expect(rate.maximumRate == 2)
  }

  @Test func noSupportedRatesMeansOnlyNormalSpeed() {
    let rate = center.changePlaybackRateCommand
    rate.supportedPlaybackRates = []
    #expect(rate.minimumRate == 1)
    #expect(rate.maximumRate == 1)
  }

  // MARK: - Reported changes

  @Test func enablingAndDisablingAreReported() {
    let changes = recordChanges()
    center.nextTrackCommand.isEnabled = false
    center.nextTrackCommand.isEnabled = true
    #expect(changes.values == [.nextTrack, .nextTrack])
  }

  @Test func settingIsEnabledToItsValueIsNotReported() {
    let changes = recordChanges()
    center.playCommand.isEnabled = true
    center.pauseCommand.isEnabled = false
    center.pauseCommand.isEnabled = false
    #expect(changes.values == [.pause])
  }

  @Test func addingTheFirstTargetIsReportedButNotLaterOnes() {
    let changes = recordChanges()
    center.playCommand.addTarget { _ in .success }
    center.playCommand.addTarget(asyncHandler: { _ in .success })
    center.playCommand.addTarget { _ in .success }
    #expect(changes.values == [.play])
  }

  @Test func addingTheFirstAsyncTargetIsReported() {
    let changes = recordChanges()
    center.stopCommand.addTarget(asyncHandler: { _ in .success })
    #expect(changes.values == [.stop])
    #expect(center.stopCommand.hasTargets)
  }

  @Test func removingTheLastTargetIsReported() {
    let changes = recordChanges()
    let token = center.playCommand.addTarget { _ in .success }
    center.playCommand.removeTarget(token)
    #expect(changes.values == [.play, .play])
  }

  @Test func removingOneOfSeveralTargetsIsNotReported() {
    let first = center.playCommand.addTarget { _ in .success }
    let second = center.playCommand.addTarget { _ in .success }
    let changes = recordChanges()
    center.playCommand.removeTarget(first)
    #expect(changes.values == [])
    center.playCommand.removeTarget(second)
    #expect(changes.values == [.play])
  }

  @Test func removingAllTargetsIsReportedOnce() {
    center.playCommand.addTarget { _ in .success }
    center.playCommand.addTarget { _ in .success }
    let changes = recordChanges()
    center.playCommand.removeAllTargets()
    center.playCommand.removeAllTargets()
    #expect(changes.values == [.play])
  }

  @Test func removingAnUnknownTokenIsNotReported() {
    let token = center.pauseCommand.addTarget { _ in .success }
    center.playCommand.addTarget { _ in .success }
    let changes = recordChanges()
    center.playCommand.removeTarget(token)
    #expect(changes.values == [])
    #expect(center.playCommand.hasTargets)
  }

  @Test(arguments: SettingChange.all)
  func settingChangeIsReportedOnceAndRepeatingItIsNot(change: SettingChange) {
    let changes = recordChanges()
    change.apply(center)
    change.apply(center)
    #expect(changes.values == [change.kind])
  }

  @Test func changeObserversAreCalledInTheOrderAdded() {
    let calls = Log<String>()
    center.observeChanges { _ in calls.append("first") }
    center.observeChanges { _ in calls.append("second") }
    center.quitCommand.isEnabled = false
    #expect(calls.values == ["first", "second"])
  }

  @Test func changeObserverIsGivenTheChangedCommand() {
    let changed = Log<RemoteCommand>()
    center.observeChanges { changed.append($0) }
    center.changeVolumeCommand.currentVolume = 0.3
    #expect(changed.values.count == 1)
    #expect(changed.values.first === center.changeVolumeCommand)
  }

  @Test func removedChangeObserverIsNotCalled() {
    let changes = Log<RemoteCommandKind>()
    let token = center.observeChanges { changes.append($0.kind) }
    center.raiseCommand.isEnabled = false
    center.removeObserver(token)
    center.raiseCommand.isEnabled = true
    #expect(changes.values == [.raise])
  }

  @Test func removingAnUnknownChangeObserverTokenIsIgnored() {
    let changes = recordChanges()
    let targetToken = center.playCommand.addTarget { _ in .success }
    center.removeObserver(targetToken)
    center.removeObserver(RemoteCommandCenter().observeChanges { _ in })
    center.openURICommand.isEnabled = false
    #expect(changes.values == [.play, .openURI])
  }

  @Test func changesSequenceYieldsEachChangedCommand() async {
    var changes = center.changes.makeAsyncIterator()
    center.likeCommand.isActive = true
    center.playCommand.addTarget { _ in .success }
    center.changePlaybackRateCommand.supportedPlaybackRates = [1, 2]
    #expect(await changes.next() == .like)
    #expect(await changes.next() == .play)
    #expect(await changes.next() == .changePlaybackRate)
  }

  @Test func changesSequenceSkipsSetsToTheSameValue() async {
    var changes = center.changes.makeAsyncIterator()
    center.changeRepeatModeCommand.currentRepeatType = .off
    center.changeVolumeCommand.currentVolume = 1
    center.seekForwardCommand.isEnabled = true
    center.seekBackwardCommand.isEnabled = false
    #expect(await changes.next() == .seekBackward)
  }

  @Test func changesSequenceStartsAtTheMomentOfAccess() async {
    center.playCommand.isEnabled = false
    var changes = center.changes.makeAsyncIterator()
    center.stopCommand.isEnabled = false
    #expect(await changes.next() == .stop)
  }
}
