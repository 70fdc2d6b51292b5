import RemoteControl
import Testing

/// The session's rules, posted on the main actor (where observers have run when a post returns)
/// unless a test says otherwise.
@Suite("Audio session", .timeLimit(.minutes(3)))
@MainActor
struct AudioSessionTests {
  let center = NowPlayingInfoCenter()

  @Test func interruptionWhilePlayingShowsInterruptedAndItsEndWithShouldResumePlaysAgain() {
    let session = AudioSession(nowPlayingInfoCenter: center)
    let states = SendableLog<PlaybackState>()
    center.observe { states.append($0.playbackState) }
    center.playbackState = .playing

    session.beginInterruption()
    #expect(center.playbackState == .interrupted)
    #expect(session.isInterrupted)
    session.endInterruption(options: .shouldResume)
    #expect(center.playbackState == .playing)
    #expect(!session.isInterrupted)
    #expect(states.values == [.playing, .interrupted, .playing])
  }

  @Test func interruptionEndedWithoutShouldResumeLeavesPlaybackPaused() {
    let session = AudioSession(nowPlayingInfoCenter: center)
    center.playbackState = .playing
    session.beginInterruption()
    session.endInterruption()
    #expect(center.playbackState == .paused)
  }

  @Test func interruptionWhilePausedOrStoppedLeavesTheStateAlone() {
    for state in [PlaybackState.paused, .stopped] {
      let center = NowPlayingInfoCenter()
      let session = AudioSession(nowPlayingInfoCenter: center)
      center.playbackState = state
      session.beginInterruption()
      #expect(center.playbackState == state)
      session.endInterruption(options: .shouldResume)
      #expect(center.playbackState == state)
    }
  }

  @Test func appPausingDuringAnInterruptionIsNotUndoneByItsEnd() {
    let session = AudioSession(nowPlayingInfoCenter: center)
    center.playbackState = .playing
    session.beginInterruption()
    center.playbackState = .paused
    session.endInterruption(options: .shouldResume)
    #expect(center.playbackState == .paused)
  }

  @Test func observersSeeBeganThenEndedWithItsOptions() {
    let session = AudioSession(nowPlayingInfoCenter: center)
    let seen = SendableLog<AudioSession.Notification>()
    session.observe { seen.append($0) }
    session.beginInterruption()
    session.endInterruption(options: .shouldResume)
    #expect(
      seen.values == [
        .interruption(.init(type: .began)),
        .interruption(.init(type: .ended, options: .shouldResume)),
      ])
  }

  @Test func nestedInterruptionsArePostedOnceAndEndWithTheLastEnd() {
    let session = AudioSession(nowPlayingInfoCenter: center)
    center.playbackState = .playing
    let seen = SendableLog<AudioSession.Notification>()
    session.observe { seen.append($0) }
    session.beginInterruption()
    session.beginInterruption()
    session.endInterruption(options: .shouldResume)
    #expect(center.playbackState == .interrupted)
    #expect(session.isInterrupted)
    session.endInterruption(options: .shouldResume)
    #expect(center.playbackState == .playing)
    #expect(
      seen.values == [
        .interruption(.init(type: .began)),
        .interruption(.init(type: .ended, options: .shouldResume)),
      ])
  }

  @Test func endWithNoInterruptionUnderWayIsIgnored() {
    let session = AudioSession(nowPlayingInfoCenter: center)
    let seen = SendableLog<AudioSession.Notification>()
    session.observe { seen.append($0) }
    center.playbackState = .interrupted
    session.endInterruption(options: .shouldResume)
    #expect(seen.values.isEmpty)
    #expect(center.playbackState == .interrupted)
  }

  @Test func routeChangeCarriesItsReasonAndThePreviousRouteAndLeavesPlaybackAlone() {
    let session = AudioSession(nowPlayingInfoCenter: center)
    center.playbackState = .playing
    let headphones = AudioSession.RouteDescription(
      outputs: [.init(portType: "headphones", portName: "Headphones", uid: "alsa_output.analog")])
    let speaker = AudioSession.RouteDescription(
      outputs: [.init(portType: "speaker", portName: "Speaker", uid: "alsa_output.analog")])
    let seen = SendableLog<AudioSession.Notification>()
    session.changeRoute(to: headphones, reason: .newDeviceAvailable)
    session.observe { seen.append($0) }
    session.changeRoute(to: speaker, reason: .oldDeviceUnavailable)
    #expect(seen.values == [.routeChange(.init(reason: .oldDeviceUnavailable, previousRoute: headphones))])
    #expect(session.currentRoute == speaker)
    #expect(center.playbackState == .playing)
  }

  @Test func categoryChangeIsPostedAsARouteChangeOnlyWhenItChanges() {
    let session = AudioSession()
    #expect(session.category == .soloAmbient)
    let seen = SendableLog<AudioSession.Notification>()
    session.observe { seen.append($0) }
    session.setCategory(.playback)
    session.setCategory(.playback)
    #expect(session.category == .playback)
    #expect(seen.values == [.routeChange(.init(reason: .categoryChange, previousRoute: .none))])
  }

  @Test func removedObserverHearsNothing() {
    let session = AudioSession()
    let seen = SendableLog<AudioSession.Notification>()
    let token = session.observe { seen.append($0) }
    session.removeObserver(token)
    session.beginInterruption()
    #expect(seen.values.isEmpty)
  }

  @Test func notificationsSequenceDeliversEveryPostInOrder() async {
    let session = AudioSession()
    let notifications = session.notifications
    session.beginInterruption()
    session.changeRoute(to: .none, reason: .wakeFromSleep)
    session.endInterruption()
    var iterator = notifications.makeAsyncIterator()
    #expect(await iterator.next() == .interruption(.init(type: .began)))
    #expect(await iterator.next() == .routeChange(.init(reason: .wakeFromSleep, previousRoute: .none)))
    #expect(await iterator.next() == .interruption(.init(type: .ended)))
  }

  @Test func postsFromOtherThreadsReachObserversOnTheMainActorInTheOrderPosted() async {
    let center = NowPlayingInfoCenter()
    let session = AudioSession(nowPlayingInfoCenter: center)
    center.playbackState = .playing
    // The observer's type makes it main-actor code; what it records is read back in order.
    var seen: [AudioSession.Notification] = []
    session.observe { seen.append($0) }
    let notifications = session.notifications
    // Off the main actor, as the sound server's thread posts: the state changes at once, the
    // observers run later on the main actor.
    await Task.detached {
      session.beginInterruption()
      #expect(session.isInterrupted)
      #expect(center.playbackState == .interrupted)
      session.changeRoute(to: .none, reason: .oldDeviceUnavailable)
      session.endInterruption(options: .shouldResume)
    }.value
    var iterator = notifications.makeAsyncIterator()
    for _ in 0..<3 { _ = await iterator.next() }
    #expect(
      seen == [
        .interruption(.init(type: .began)),
        .routeChange(.init(reason: .oldDeviceUnavailable, previousRoute: .none)),
        .interruption(.init(type: .ended, options: .shouldResume)),
      ])
    #expect(center.playbackState == .playing)
  }

  @Test func anObserverThatPostsIsNotReenteredAndEveryObserverSeesTheSameOrder() {
    let session = AudioSession()
    var first: [AudioSession.Notification] = []
    var second: [AudioSession.Notification] = []
    session.observe { notification in
      first.append(notification)
      // Ends the interruption from inside the observer of its beginning.
      if notification == .interruption(.init(type: .began)) { session.endInterruption() }
    }
    session.observe { second.append($0) }
    session.beginInterruption()
    let expected: [AudioSession.Notification] = [
      .interruption(.init(type: .began)), .interruption(.init(type: .ended)),
    ]
    #expect(first == expected)
    #expect(second == expected, "the second observer saw began before ended, as the first did")
  }

  @Test func anObserverRemovedBeforeDeliveryHearsNothingMore() async {
    let session = AudioSession()
    var removedHeard: [AudioSession.Notification] = []
    let token = session.observe { removedHeard.append($0) }
    let notifications = session.notifications
    // Posted from nonisolated code, as a sound server's thread posts: delivery waits for the
    // main actor, which this test holds until the observer is removed.
    let postElsewhere: @Sendable () -> Void = { session.beginInterruption() }
    postElsewhere()
    session.removeObserver(token)
    var iterator = notifications.makeAsyncIterator()
    #expect(await iterator.next() == .interruption(.init(type: .began)))
    #expect(removedHeard.isEmpty)
  }

  @Test func applicationsSessionInterruptsItsOwnNowPlayingInfo() {
    let app = Application()
    app.nowPlayingInfoCenter.playbackState = .playing
    app.audioSession.beginInterruption()
    #expect(app.nowPlayingInfoCenter.playbackState == .interrupted)
    app.audioSession.endInterruption(options: .shouldResume)
    #expect(app.nowPlayingInfoCenter.playbackState == .playing)
  }
}
