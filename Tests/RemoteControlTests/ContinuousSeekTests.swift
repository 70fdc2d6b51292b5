import RemoteControl
import RemoteControlTesting
import Testing

/// An application on a manual clock whose chain is: a recording first responder → a
/// continuous-seek responder → the application. Command targets on skip forward/backward record
/// the skips; a target on change playback rate yields the rates asked for.
@MainActor
final class SeekFixture {
  let clock = ManualClock()
  let app: Application
  let seek: ContinuousSeek
  let focus: RecordingResponder
  let controller: InMemoryController
  let skips = Log<RemoteControlEvent>()
  let rates: AsyncStream<Double>
  let interval: Duration

  init(
    mode: ContinuousSeek.Mode = .skip(.seconds(5)),
    interval: Duration = .seconds(1),
    timeout: Duration = .seconds(30)
  ) {
    self.interval = interval
    app = Application(nowPlayingInfoCenter: NowPlayingInfoCenter(clock: clock))
    app.beginReceivingRemoteControlEvents()
    seek = ContinuousSeek(
      application: app, configuration: .init(mode: mode, interval: interval, timeout: timeout),
      clock: clock)
    focus = RecordingResponder(handling: [], next: seek)
    controller = InMemoryController(app)
    let (rates, ratesContinuation) = AsyncStream.makeStream(of: Double.self)
    self.rates = rates
    focus.becomeFirstResponder()

    let skips = skips
    app.commandCenter.skipForwardCommand.addTarget {
      skips.append($0); return .success
    }
    app.commandCenter.skipBackwardCommand.addTarget {
      skips.append($0); return .success
    }
    app.commandCenter.changePlaybackRateCommand.addTarget { event in
      if case .changePlaybackRate(let rate) = event.command { ratesContinuation.yield(rate) }
      return .success
    }
  }

  /// The commands of the skips made so far.
  var skipCommands: [Command] { skips.values.map(\.command) }

  /// Plays an item, so that the seek has a playback state and an item to watch.
  func play(trackIdentifier: String = "1", title: String = "One") {
    app.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(
      trackIdentifier: trackIdentifier, title: title)
    app.nowPlayingInfoCenter.playbackState = .playing
  }

  /// Moves the clock on by `duration`, one interval at a time, waiting for the seek's timer
  /// before and after each step (`ManualClock.advance(by:waitingFor:)`), so that each tick is
  /// observed exactly once, however busy the main actor is.
  func advance(by duration: Duration) async {
    do {
      try await clock.advance(by: duration, waitingFor: seek)
    } catch {
      Issue.record(error)
    }
  }
}

@MainActor
@Suite("Continuous seek", .timeLimit(.minutes(3)))
struct ContinuousSeekTests {
  static let forward5 = Command.skipForward(.seconds(5))
  static let backward5 = Command.skipBackward(.seconds(5))

  @Test func defaultConfigurationSkipsFiveSecondsEveryHalfSecondForThirtySeconds() {
    let configuration = ContinuousSeek.Configuration()
    #expect(configuration.mode == .skip(.seconds(5)))
    #expect(configuration.interval == .milliseconds(500))
    #expect(configuration.timeout == .seconds(30))
    #expect(ContinuousSeek(application: Application()).direction == nil)
  }

  // MARK: - Skips

  @Test func holdingForwardSkipsForwardEveryIntervalThroughTheApplication() async {
    let f = SeekFixture()
    f.play()
    #expect(await f.controller.beginHolding(.forward) == .responder(f.seek))
    #expect(f.seek.direction == .forward)

    await f.advance(by: .milliseconds(500))
    #expect(f.skipCommands == [])
    await f.advance(by: .milliseconds(500))
    #expect(f.skipCommands == [Self.forward5])
    await f.advance(by: .seconds(1))
    #expect(f.skipCommands == [Self.forward5, Self.forward5])
    await f.advance(by: .seconds(1))
    #expect(f.skipCommands == [Self.forward5, Self.forward5, Self.forward5])
    #expect(f.skips.values.allSatisfy { $0.source == .continuousSeek })
  }

  @Test func holdingBackwardSkipsBackwardEveryInterval() async {
    let f = SeekFixture(mode: .skip(.seconds(10)), interval: .milliseconds(250))
    f.play()
    #expect(await f.controller.beginHolding(.backward) == .responder(f.seek))
    #expect(f.seek.direction == .backward)
    for _ in 0..<4 { await f.advance(by: .milliseconds(250)) }
    #expect(f.skipCommands == Array(repeating: .skipBackward(.seconds(10)), count: 4))
  }

  @Test func skipsTravelTheUsualDeliveryPath() async {
    let f = SeekFixture()
    f.app.commandCenter.skipForwardCommand.removeAllTargets()
    let deliveries = Log<EventDelivery>()
    f.app.observeEvents { deliveries.append($0) }
    await f.controller.beginHolding(.forward)
    await f.advance(by: .seconds(1))

    #expect(f.focus.receivedCommands == [.beginSeekingForward, Self.forward5])
    #expect(deliveries.values.map(\.event.command) == [.beginSeekingForward, Self.forward5])
    #expect(deliveries.values.map(\.outcome) == [.responder(f.seek), .unhandled])
    #expect(deliveries.values.last?.event.source == .continuousSeek)
  }

  @Test func releasingStopsTheSeek() async {
    let f = SeekFixture()
    f.play()
    await f.controller.beginHolding(.forward)
    await f.advance(by: .seconds(2))
    #expect(await f.controller.release(.forward) == .responder(f.seek))
    #expect(f.seek.direction == nil)
    await f.advance(by: .seconds(5))
    #expect(f.skipCommands == [Self.forward5, Self.forward5])
  }

  @Test func releasingTheOtherDirectionDoesNotStop() async {
    let f = SeekFixture()
    f.play()
    await f.controller.beginHolding(.forward)
    await f.controller.release(.backward)
    #expect(f.seek.direction == .forward)
    await f.advance(by: .seconds(1))
    #expect(f.skipCommands == [Self.forward5])
  }

  @Test func beginningTheSameDirectionAgainKeepsOneSeek() async {
    let f = SeekFixture()
    f.play()
    await f.controller.beginHolding(.forward)
    await f.controller.beginHolding(.forward)
    await f.advance(by: .seconds(1))
    #expect(f.skipCommands == [Self.forward5])
  }

  @Test func beginningTheOtherDirectionEndsTheFirst() async {
    let f = SeekFixture()
    f.play()
    await f.controller.beginHolding(.forward)
    await f.advance(by: .seconds(1))
    await f.controller.beginHolding(.backward)
    #expect(f.seek.direction == .backward)
    await f.advance(by: .seconds(1))
    await f.advance(by: .seconds(1))
    #expect(f.skipCommands == [Self.forward5, Self.backward5, Self.backward5])
  }

  @Test func seekCanBeginAgainAfterItEnded() async {
    let f = SeekFixture()
    f.play()
    await f.controller.beginHolding(.forward)
    await f.controller.release(.forward)
    await f.controller.beginHolding(.forward)
    await f.advance(by: .seconds(1))
    #expect(f.skipCommands == [Self.forward5])
  }

  // MARK: - Stopping without the end event

  @Test(arguments: [Command.pause, .stop, .togglePlayPause, .nextTrack, .previousTrack])
  func interruptingEventStopsTheSeek(command: Command) async {
    let f = SeekFixture()
    f.play()
    await f.controller.beginHolding(.forward)
    await f.advance(by: .seconds(1))
    await f.controller.press(command)
    #expect(f.seek.direction == nil)
    await f.advance(by: .seconds(3))
    #expect(f.skipCommands == [Self.forward5])
  }

  @Test(arguments: [Command.play, .changeVolume(0.5), .skipForward(.seconds(30)), .changeRating(3)])
  func otherEventsDoNotStopTheSeek(command: Command) async {
    let f = SeekFixture()
    f.play()
    await f.controller.beginHolding(.forward)
    await f.controller.press(command)
    #expect(f.seek.direction == .forward)
  }

  @Test func trackChangeStopsTheSeek() async {
    let f = SeekFixture()
    f.play(trackIdentifier: "1")
    await f.controller.beginHolding(.forward)
    await f.advance(by: .seconds(1))
    f.app.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(trackIdentifier: "2", title: "Two")
    await f.advance(by: .seconds(1))
    #expect(f.seek.direction == nil)
    await f.advance(by: .seconds(3))
    #expect(f.skipCommands == [Self.forward5])
  }

  @Test func newInfoForTheSameItemDoesNotStopTheSeek() async {
    let f = SeekFixture()
    f.play(trackIdentifier: "1", title: "One")
    await f.controller.beginHolding(.forward)
    f.app.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(trackIdentifier: "1", title: "Renamed")
    await f.advance(by: .seconds(1))
    #expect(f.seek.direction == .forward)
    #expect(f.skipCommands == [Self.forward5])
  }

  @Test func playbackStateChangeStopsTheSeek() async {
    let f = SeekFixture()
    f.play()
    await f.controller.beginHolding(.forward)
    await f.advance(by: .seconds(1))
    f.app.nowPlayingInfoCenter.playbackState = .paused
    await f.advance(by: .seconds(1))
    #expect(f.seek.direction == nil)
    await f.advance(by: .seconds(3))
    #expect(f.skipCommands == [Self.forward5])
  }

  @Test func lostEndEventStopsTheSeekAtTheTimeout() async {
    let f = SeekFixture(interval: .seconds(1), timeout: .milliseconds(3500))
    f.play()
    await f.controller.beginHolding(.forward)
    await f.advance(by: .seconds(3))
    #expect(f.skipCommands == [Self.forward5, Self.forward5, Self.forward5])
    #expect(f.seek.direction == .forward)
    await f.advance(by: .milliseconds(500))
    #expect(f.seek.direction == nil)
    await f.advance(by: .seconds(5))
    #expect(f.skipCommands.count == 3)
  }

  @Test func timeoutShorterThanTheIntervalEndsTheSeekBeforeAnySkip() async {
    let f = SeekFixture(interval: .seconds(10), timeout: .seconds(2))
    f.play()
    await f.controller.beginHolding(.forward)
    await f.advance(by: .seconds(2))
    #expect(f.seek.direction == nil)
    await f.advance(by: .seconds(10))
    #expect(f.skipCommands == [])
  }

  @Test func seekWhoseApplicationIsGoneDoesNothing() {
    var app: Application? = Application()
    let seek = ContinuousSeek(application: app!, clock: ManualClock())
    app = nil
    #expect(seek.next == nil)
    #expect(seek.remoteControlReceived(with: RemoteControlEvent(.beginSeekingForward)))
    #expect(seek.direction == nil)
  }

  @Test func seekPassesEveryOtherEventOn() {
    let seek = ContinuousSeek(application: Application(), clock: ManualClock())
    for command in [Command.play, .pause, .nextTrack, .skipForward(.seconds(5)), .quit] {
      #expect(!seek.remoteControlReceived(with: RemoteControlEvent(command)), "\(command)")
    }
  }

  // MARK: - Rate mode

  @Test func rateModeSetsTheRateThenRestoresOne() async {
    let f = SeekFixture(mode: .rate(2))
    f.play()
    var rates = f.rates.makeAsyncIterator()
    #expect(await f.controller.beginHolding(.forward) == .responder(f.seek))
    #expect(await rates.next() == 2)
    await f.advance(by: .seconds(3))
    #expect(f.seek.direction == .forward)
    await f.controller.release(.forward)
    #expect(f.seek.direction == nil)
    #expect(await rates.next() == 1)
    #expect(f.skipCommands == [])
  }

  @Test func rateModeBackwardPlaysAtTheNegatedRate() async {
    let f = SeekFixture(mode: .rate(3))
    f.play()
    var rates = f.rates.makeAsyncIterator()
    await f.controller.beginHolding(.backward)
    #expect(await rates.next() == -3)
    await f.controller.release(.backward)
    #expect(await rates.next() == 1)
  }

  @Test func rateModeRestoresOneAtTheTimeout() async throws {
    let f = SeekFixture(mode: .rate(2), timeout: .seconds(10))
    f.play()
    var rates = f.rates.makeAsyncIterator()
    await f.controller.beginHolding(.forward)
    #expect(await rates.next() == 2)
    await f.advance(by: .seconds(9))
    #expect(f.seek.direction == .forward)
    await f.advance(by: .seconds(1))
    try #require(f.seek.direction == nil)
    #expect(await rates.next() == 1)
  }

  @Test func rateModeRestoresOneOnAPauseEvent() async throws {
    let f = SeekFixture(mode: .rate(2))
    f.play()
    var rates = f.rates.makeAsyncIterator()
    await f.controller.beginHolding(.forward)
    #expect(await rates.next() == 2)
    await f.controller.press(.pause)
    try #require(f.seek.direction == nil)
    #expect(await rates.next() == 1)
  }

  @Test func rateModeRestoresOneOnATrackChange() async throws {
    let f = SeekFixture(mode: .rate(2))
    f.play(trackIdentifier: "1")
    var rates = f.rates.makeAsyncIterator()
    await f.controller.beginHolding(.forward)
    #expect(await rates.next() == 2)
    f.app.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(trackIdentifier: "2")
    await f.advance(by: .seconds(1))
    try #require(f.seek.direction == nil)
    #expect(await rates.next() == 1)
  }

  @Test func rateModeRestoresOneOnAPlaybackStateChange() async throws {
    let f = SeekFixture(mode: .rate(2))
    f.play()
    var rates = f.rates.makeAsyncIterator()
    await f.controller.beginHolding(.forward)
    #expect(await rates.next() == 2)
    f.app.nowPlayingInfoCenter.playbackState = .stopped
    await f.advance(by: .seconds(1))
    try #require(f.seek.direction == nil)
    #expect(await rates.next() == 1)
  }

  @Test func rateModeOtherDirectionRestoresOneThenPlaysBackward() async {
    let f = SeekFixture(mode: .rate(2))
    f.play()
    var rates = f.rates.makeAsyncIterator()
    await f.controller.beginHolding(.forward)
    #expect(await rates.next() == 2)
    await f.controller.beginHolding(.backward)
    #expect(await rates.next() == 1)
    #expect(await rates.next() == -2)
    #expect(f.seek.direction == .backward)
  }
}
