import Foundation
import RemoteControl
import RemoteControlTesting
import Testing

@Suite("Now Playing info", .timeLimit(.minutes(3)))
struct NowPlayingInfoTests {
  let clock = ManualClock()
  let center: NowPlayingInfoCenter

  static let everyField = NowPlayingInfo(
    trackIdentifier: "track-7",
    title: "Alpha Waves",
    artist: "Binaural",
    albumTitle: "Focus",
    albumArtist: "Various",
    genre: "Ambient",
    composer: "H. W. Dove",
    trackNumber: 7,
    trackCount: 12,
    discNumber: 1,
    discCount: 2,
    playbackDuration: .seconds(1800),
    artwork: .url(URL(filePath: "/srv/covers/cover.png")),
    mediaType: .audio,
    isLiveStream: false,
    playbackQueueIndex: 3,
    playbackQueueCount: 20,
    chapterNumber: 2,
    chapterCount: 5,
    assetURL: URL(fileURLWithPath: "/music/alpha.flac"),
    rating: 0.8
  )

  init() {
    center = NowPlayingInfoCenter(clock: clock)
  }

  /// The snapshots the center reports from now on.
  func recordSnapshots() -> SendableLog<NowPlayingSnapshot> {
    let snapshots = SendableLog<NowPlayingSnapshot>()
    center.observe { snapshots.append($0) }
    return snapshots
  }

  // MARK: - Info

  @Test func newCenterHoldsNothing() {
    let snapshot = center.snapshot
    #expect(snapshot.info == nil)
    #expect(snapshot.playbackState == .unknown)
    #expect(snapshot.positionState == nil)
    #expect(snapshot.artworkURL == nil)
    #expect(!snapshot.hasPlayed)
    #expect(center.nowPlayingInfo == nil)
    #expect(center.playbackState == .unknown)
    #expect(center.positionState == nil)
    #expect(center.elapsedPlaybackTime == .zero)
  }

  @Test func typedInfoRoundTrips() {
    center.nowPlayingInfo = Self.everyField
    let info = center.nowPlayingInfo
    #expect(info == Self.everyField)
    #expect(center.snapshot.info == Self.everyField)
    #expect(info?.trackIdentifier == "track-7")
    #expect(info?.title == "Alpha Waves")
    #expect(info?.artist == "Binaural")
    #expect(info?.albumTitle == "Focus")
    #expect(info?.albumArtist == "Various")
    #expect(info?.genre == "Ambient")
    #expect(info?.composer == "H. W. Dove")
    #expect(info?.trackNumber == 7)
    #expect(info?.trackCount == 12)
    #expect(info?.discNumber == 1)
    #expect(info?.discCount == 2)
    #expect(info?.playbackDuration == .seconds(1800))
    #expect(info?.mediaType == .audio)
    #expect(info?.isLiveStream == false)
    #expect(info?.playbackQueueIndex == 3)
    #expect(info?.playbackQueueCount == 20)
    #expect(info?.chapterNumber == 2)
    #expect(info?.chapterCount == 5)
    #expect(info?.assetURL == URL(fileURLWithPath: "/music/alpha.flac"))
    #expect(info?.rating == 0.8)
  }

  @Test func infoFieldsDefaultToNothing() {
    let info = NowPlayingInfo()
    #expect(info.trackIdentifier == nil)
    #expect(info.title == nil)
    #expect(info.playbackDuration == nil)
    #expect(info.artwork == nil)
    #expect(!info.isLiveStream)
    #expect(info.rating == nil)
  }

  @Test func anInfoOfNegativeLengthReportsNoPositionAndIsKeptAsGiven() throws {
    try center.setPositionState(duration: .seconds(100), position: .seconds(10))
    let info = NowPlayingInfo(title: "Odd", playbackDuration: .seconds(-5), elapsedPlaybackTime: .seconds(3))
    center.nowPlayingInfo = info
    #expect(center.nowPlayingInfo == info)
    #expect(center.positionState == nil)
    center.setNowPlaying(info, playbackState: .playing)
    #expect(center.positionState == nil)
    #expect(center.elapsedPlaybackTime == .zero)
  }

  @Test func settingNilClearsTheInfo() {
    center.nowPlayingInfo = Self.everyField
    center.nowPlayingInfo = nil
    #expect(center.nowPlayingInfo == nil)
    #expect(center.snapshot.artworkURL == nil)
  }

  @Test func itemsWithTrackIdentifiersAreTheSameWhenTheIdentifiersAre() {
    let a = NowPlayingInfo(trackIdentifier: "1", title: "A")
    #expect(a.isSameItem(as: NowPlayingInfo(trackIdentifier: "1", title: "Renamed")))
    #expect(!a.isSameItem(as: NowPlayingInfo(trackIdentifier: "2", title: "A")))
    #expect(!a.isSameItem(as: NowPlayingInfo(title: "A")))
    #expect(!NowPlayingInfo(title: "A").isSameItem(as: a))
  }

  @Test func itemsWithoutTrackIdentifiersAreTheSameByTitleArtistAndAlbum() {
    let a = NowPlayingInfo(title: "A", artist: "B", albumTitle: "C", genre: "x")
    #expect(a.isSameItem(as: NowPlayingInfo(title: "A", artist: "B", albumTitle: "C", genre: "y")))
    #expect(!a.isSameItem(as: NowPlayingInfo(title: "A", artist: "B", albumTitle: "D")))
    #expect(!a.isSameItem(as: NowPlayingInfo(title: "A", artist: "E", albumTitle: "C")))
    #expect(!a.isSameItem(as: NowPlayingInfo(title: "F", artist: "B", albumTitle: "C")))
  }

  // MARK: - Playback state

  @Test(arguments: PlaybackState.allCases)
  func playbackStateRoundTrips(state: PlaybackState) {
    center.playbackState = state
    #expect(center.playbackState == state)
    #expect(center.snapshot.playbackState == state)
  }

  @Test func thereAreFivePlaybackStates() {
    #expect(PlaybackState.allCases == [.unknown, .playing, .paused, .stopped, .interrupted])
  }

  @Test func hasPlayedBecomesTrueWhenPlayingAndStays() {
    center.playbackState = .paused
    center.playbackState = .stopped
    center.playbackState = .interrupted
    #expect(!center.snapshot.hasPlayed)
    center.playbackState = .playing
    #expect(center.snapshot.hasPlayed)
    center.playbackState = .stopped
    center.nowPlayingInfo = nil
    #expect(center.snapshot.hasPlayed)
  }

  // MARK: - Observers

  @Test func observersGetTheNewStateAfterEachChange() throws {
    let snapshots = recordSnapshots()
    center.nowPlayingInfo = NowPlayingInfo(title: "One")
    center.playbackState = .playing
    try center.setPositionState(duration: .seconds(60), position: .seconds(5))

    let seen = snapshots.values
    let reported = try PositionState(duration: .seconds(60), position: .seconds(5))
    #expect(seen.count == 3)
    #expect(seen.map(\.info?.title) == ["One", "One", "One"])
    // Info without a rate, before the app says anything: paused is inferred.
    #expect(seen.map(\.playbackState) == [.paused, .playing, .playing])
    #expect(seen.map(\.positionState) == [nil, nil, reported])
    #expect(seen.last == center.snapshot)
  }

  @Test func settingTheSameInfoIsNotAChange() {
    center.nowPlayingInfo = Self.everyField
    let snapshots = recordSnapshots()
    center.nowPlayingInfo = Self.everyField
    #expect(snapshots.values.isEmpty)
  }

  @Test func settingTheSamePlaybackStateIsNotAChange() async {
    center.playbackState = .playing
    let snapshots = recordSnapshots()
    await clock.advance(by: .seconds(3))
    center.playbackState = .playing
    #expect(snapshots.values.isEmpty)
  }

  @Test func settingTheSamePositionStateAtTheSameTimeIsNotAChange() throws {
    try center.setPositionState(duration: .seconds(60), position: .seconds(5))
    let snapshots = recordSnapshots()
    try center.setPositionState(duration: .seconds(60), position: .seconds(5))
    #expect(snapshots.values.isEmpty)
  }

  @Test func clearingAnAbsentPositionStateIsNotAChange() async {
    let snapshots = recordSnapshots()
    center.setPositionState(nil)
    await clock.advance(by: .seconds(2))
    center.setPositionState(nil)
    #expect(snapshots.values.isEmpty)
    #expect(center.snapshot.positionState == nil)
  }

  @Test func clearingThePositionStateIsAChange() throws {
    try center.setPositionState(duration: .seconds(60), position: .seconds(5))
    let snapshots = recordSnapshots()
    center.setPositionState(nil)
    #expect(snapshots.values.map(\.positionState) == [nil])
    #expect(center.elapsedPlaybackTime == .zero)
  }

  @Test func observersAreCalledInTheOrderAdded() {
    let calls = SendableLog<String>()
    center.observe { _ in calls.append("first") }
    center.observe { _ in calls.append("second") }
    center.playbackState = .paused
    #expect(calls.values == ["first", "second"])
  }

  @Test func removedObserverIsNotCalled() {
    let snapshots = SendableLog<PlaybackState>()
    let token = center.observe { snapshots.append($0.playbackState) }
    center.playbackState = .playing
    center.removeObserver(token)
    center.playbackState = .paused
    #expect(snapshots.values == [.playing])
  }

  @Test func removingAnUnknownObserverTokenIsIgnored() {
    let snapshots = recordSnapshots()
    center.removeObserver(NowPlayingInfoCenter().observe { _ in })
    center.playbackState = .stopped
    #expect(snapshots.values.map(\.playbackState) == [.stopped])
  }

  // MARK: - Updates

  @Test func updatesYieldTheStateAfterAChange() async {
    var updates = center.updates.makeAsyncIterator()
    center.nowPlayingInfo = NowPlayingInfo(title: "One")
    let update = await updates.next()
    #expect(update?.info?.title == "One")
    #expect(update == center.snapshot)
  }

  @Test func updatesCoalesceChangesTheConsumerHasNotRead() async {
    var updates = center.updates.makeAsyncIterator()
    center.nowPlayingInfo = NowPlayingInfo(title: "One")
    center.nowPlayingInfo = NowPlayingInfo(title: "Two")
    center.playbackState = .playing
    center.nowPlayingInfo = NowPlayingInfo(title: "Three")

    let newest = await updates.next()
    #expect(newest?.info?.title == "Three")
    #expect(newest?.playbackState == .playing)

    center.playbackState = .paused
    let next = await updates.next()
    #expect(next?.info?.title == "Three")
    #expect(next?.playbackState == .paused)
  }

  @Test func updatesStartAtTheMomentOfAccess() async {
    center.nowPlayingInfo = NowPlayingInfo(title: "Before")
    var updates = center.updates.makeAsyncIterator()
    center.playbackState = .playing
    let update = await updates.next()
    #expect(update?.playbackState == .playing)
    #expect(update?.info?.title == "Before")
  }

  @Test func updatesSkipSetsToTheSameValue() async {
    center.playbackState = .playing
    var updates = center.updates.makeAsyncIterator()
    center.playbackState = .playing
    center.nowPlayingInfo = NowPlayingInfo(title: "Changed")
    center.playbackState = .playing
    let update = await updates.next()
    #expect(update?.info?.title == "Changed")
  }

  @Test func updatesEndWhenTheIteratingTaskIsCancelled() async {
    let center = center
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var count = 0
      startedContinuation.yield()
      for await _ in center.updates { count += 1 }
      return count
    }
    for await _ in started { break }
    consumer.cancel()
    #expect(await consumer.value == 0)
  }
}
