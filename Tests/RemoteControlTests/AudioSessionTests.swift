import RemoteControl
import Testing

@Suite("Audio session", .timeLimit(.minutes(3)))
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

  @MainActor
  @Test func applicationsSessionInterruptsItsOwnNowPlayingInfo() {
    let app = Application()
    app.nowPlayingInfoCenter.playbackState = .playing
    app.audioSession.beginInterruption()
    #expect(app.nowPlayingInfoCenter.playbackState == .interrupted)
    app.audioSession.endInterruption(options: .shouldResume)
    #expect(app.nowPlayingInfoCenter.playbackState == .playing)
  }
}
