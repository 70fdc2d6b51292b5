import RemoteControl
import RemoteControlTesting
import Testing

/// A headset button recognizer on a manual clock (whose sleeps wake at once when their deadline
/// has passed, so a timer armed after the clock moved on still fires), and what it sent.
final class HeadsetFixture: Sendable {
  let clock = ManualClock()
  let recognizer: HeadsetButtonRecognizer
  private let log = SendableLog<RemoteControlEvent>()
  private let collector: Task<Void, Never>

  init(configuration: HeadsetButtonRecognizer.Configuration = .init()) {
    recognizer = HeadsetButtonRecognizer(configuration: configuration, source: .test, clock: clock)
    collector = Task { [recognizer, log] in
      for await event in recognizer.events { log.append(event) }
    }
  }

  deinit { collector.cancel() }

  /// The events sent so far.
  var events: [RemoteControlEvent] { log.values }

  /// A press held for `held`, then released.
  func click(held: Duration = .milliseconds(50)) async {
    recognizer.press()
    await wait(held)
    recognizer.release()
  }

  /// Moves the clock on by `duration`.
  func wait(_ duration: Duration) async {
    await clock.advance(by: duration)
  }

  /// The commands sent, once there are `count` of them (or 10 s have passed: the test then
  /// fails on what it got).
  func commands(count: Int) async -> [Command] {
    let deadline = ContinuousClock.now + .seconds(10)
    while log.values.count < count, ContinuousClock.now < deadline { await Task.yield() }
    return log.values.map(\.command)
  }

  /// The commands sent, after the tasks that could still send one had their turn.
  func settledCommands() async -> [Command] {
    for _ in 0..<200 { await Task.yield() }
    return log.values.map(\.command)
  }
}

@Suite("Headset button", .timeLimit(.minutes(3)))
struct HeadsetButtonRecognizerTests {
  static let window = HeadsetButtonRecognizer.Configuration().multiClickInterval
  static let hold = HeadsetButtonRecognizer.Configuration().holdDuration
  static let tick = Duration.milliseconds(1)

  @Test func defaultWindowsAreFourHundredMillisecondsBetweenClicksAndHalfASecondToHold() {
    let configuration = HeadsetButtonRecognizer.Configuration()
    #expect(configuration.multiClickInterval == .milliseconds(400))
    #expect(configuration.holdDuration == .milliseconds(500))
    let recognizer = HeadsetButtonRecognizer()
    #expect(recognizer.configuration == configuration)
    #expect(recognizer.source == .other("headset"))
  }

  // MARK: - Clicks

  @Test func aSingleClickTogglesPlayPauseOnceTheDoubleClickWindowHasPassed() async {
    let f = HeadsetFixture()
    await f.click()
    await f.wait(Self.window - Self.tick)
    #expect(await f.settledCommands() == [])
    await f.wait(Self.tick)
    #expect(await f.commands(count: 1) == [.togglePlayPause])
    #expect(await f.settledCommands() == [.togglePlayPause])
  }

  @Test func aClickIsSentWithTheRecognizersSource() async {
    let f = HeadsetFixture()
    await f.click()
    await f.wait(Self.window)
    _ = await f.commands(count: 1)
    #expect(f.events.map(\.source) == [.test])
  }

  @Test func twoClicksGoToTheNextTrackOnceTheWindowHasPassed() async {
    let f = HeadsetFixture()
    await f.click()
    await f.wait(.milliseconds(150))
    await f.click()
    await f.wait(Self.window - Self.tick)
    #expect(await f.settledCommands() == [])
    await f.wait(Self.tick)
    #expect(await f.commands(count: 1) == [.nextTrack])
  }

  @Test func threeClicksGoToThePreviousTrackAtTheThirdReleaseWithoutWaiting() async {
    let f = HeadsetFixture()
    await f.click()
    await f.wait(.milliseconds(150))
    await f.click()
    await f.wait(.milliseconds(150))
    await f.click()
    // The clock has not moved since the release: nothing could follow a triple click.
    #expect(await f.commands(count: 1) == [.previousTrack])
    await f.wait(.seconds(5))
    #expect(await f.settledCommands() == [.previousTrack])
  }

  @Test func aFourthClickStartsANewSequence() async {
    let f = HeadsetFixture()
    for _ in 0..<4 {
      await f.click()
      await f.wait(.milliseconds(100))
    }
    await f.wait(Self.window)
    #expect(await f.commands(count: 2) == [.previousTrack, .togglePlayPause])
  }

  @Test func sixQuickClicksAreTwoTripleClicks() async {
    let f = HeadsetFixture()
    for _ in 0..<6 {
      await f.click()
      await f.wait(.milliseconds(100))
    }
    #expect(await f.commands(count: 2) == [.previousTrack, .previousTrack])
    await f.wait(.seconds(1))
    #expect(await f.settledCommands() == [.previousTrack, .previousTrack])
  }

  // MARK: - The double-click window's boundary

  @Test func aPressJustInsideTheWindowJoinsTheSequence() async {
    let f = HeadsetFixture()
    await f.click()
    await f.wait(Self.window - Self.tick)
    await f.click()
    await f.wait(Self.window)
    #expect(await f.commands(count: 1) == [.nextTrack])
    #expect(await f.settledCommands() == [.nextTrack])
  }

  @Test func aPressExactlyOneWindowAfterTheReleaseStartsANewSequence() async {
    let f = HeadsetFixture()
    await f.click()
    await f.wait(Self.window)
    await f.click()
    await f.wait(Self.window)
    #expect(await f.commands(count: 2) == [.togglePlayPause, .togglePlayPause])
  }

  @Test func theWindowCountsFromEachReleaseNotFromTheFirstPress() async {
    let f = HeadsetFixture()
    // Three clicks, each press just inside the window of the release before: 2 × 399 ms
    // apart, well over one window from the first press to the last.
    await f.click(held: .milliseconds(300))
    await f.wait(Self.window - Self.tick)
    await f.click(held: .milliseconds(300))
    await f.wait(Self.window - Self.tick)
    await f.click(held: .milliseconds(300))
    #expect(await f.commands(count: 1) == [.previousTrack])
  }

  @Test func customWindowsAreHonoured() async {
    let f = HeadsetFixture(
      configuration: .init(multiClickInterval: .milliseconds(250), holdDuration: .milliseconds(800)))
    // Held 700 ms: still a click with an 800 ms hold.
    await f.click(held: .milliseconds(700))
    await f.wait(.milliseconds(249))
    #expect(await f.settledCommands() == [])
    await f.wait(Self.tick)
    #expect(await f.commands(count: 1) == [.togglePlayPause])
  }

  // MARK: - Holds

  @Test func aClickThenAHoldSeeksForwardUntilTheRelease() async {
    let f = HeadsetFixture()
    await f.click()
    await f.wait(.milliseconds(150))
    f.recognizer.press()
    await f.wait(Self.hold - Self.tick)
    #expect(await f.settledCommands() == [])
    await f.wait(Self.tick)
    #expect(await f.commands(count: 1) == [.beginSeekingForward])
    await f.wait(.seconds(10))
    #expect(await f.settledCommands() == [.beginSeekingForward])
    f.recognizer.release()
    #expect(await f.commands(count: 2) == [.beginSeekingForward, .endSeekingForward])
    await f.wait(.seconds(1))
    #expect(await f.settledCommands() == [.beginSeekingForward, .endSeekingForward])
  }

  @Test func twoClicksThenAHoldSeekBackwardUntilTheRelease() async {
    let f = HeadsetFixture()
    await f.click()
    await f.wait(.milliseconds(150))
    await f.click()
    await f.wait(.milliseconds(150))
    f.recognizer.press()
    await f.wait(Self.hold)
    #expect(await f.commands(count: 1) == [.beginSeekingBackward])
    await f.wait(.seconds(3))
    f.recognizer.release()
    #expect(await f.commands(count: 2) == [.beginSeekingBackward, .endSeekingBackward])
  }

  @Test func aPressReleasedJustBeforeTheHoldDurationIsAClick() async {
    let f = HeadsetFixture()
    await f.click()
    await f.wait(.milliseconds(150))
    await f.click(held: Self.hold - Self.tick)
    await f.wait(Self.window)
    #expect(await f.commands(count: 1) == [.nextTrack])
    #expect(await f.settledCommands() == [.nextTrack])
  }

  @Test func aPressReleasedExactlyAtTheHoldDurationIsAHold() async {
    let f = HeadsetFixture()
    await f.click()
    await f.wait(.milliseconds(150))
    await f.click(held: Self.hold)
    #expect(await f.commands(count: 2) == [.beginSeekingForward, .endSeekingForward])
    await f.wait(Self.window)
    #expect(await f.settledCommands() == [.beginSeekingForward, .endSeekingForward])
  }

  @Test func aHoldThatFollowsNoClickDoesNothing() async {
    let f = HeadsetFixture()
    f.recognizer.press()
    await f.wait(.seconds(3))
    f.recognizer.release()
    await f.wait(Self.window)
    #expect(await f.settledCommands() == [])
    // The button works as before afterwards.
    await f.click()
    await f.wait(Self.window)
    #expect(await f.commands(count: 1) == [.togglePlayPause])
  }

  @Test func aLongFirstPressThenAClickIsASingleClick() async {
    let f = HeadsetFixture()
    await f.click(held: .seconds(2))
    await f.wait(.milliseconds(150))
    await f.click()
    await f.wait(Self.window)
    #expect(await f.commands(count: 1) == [.togglePlayPause])
    #expect(await f.settledCommands() == [.togglePlayPause])
  }

  @Test func aClickAfterASeekStartsANewSequence() async {
    let f = HeadsetFixture()
    await f.click()
    await f.wait(.milliseconds(150))
    await f.click(held: .seconds(1))
    await f.wait(.milliseconds(100))
    await f.click()
    await f.wait(Self.window)
    #expect(
      await f.commands(count: 3) == [.beginSeekingForward, .endSeekingForward, .togglePlayPause])
  }

  // MARK: - Repeats and strays

  @Test func aPressWhileDownAndAReleaseWhileUpAreIgnored() async {
    let f = HeadsetFixture()
    f.recognizer.release()
    f.recognizer.press()
    await f.wait(.milliseconds(30))
    f.recognizer.press()  // a key repeat
    await f.wait(.milliseconds(30))
    f.recognizer.release()
    f.recognizer.release()
    await f.wait(Self.window)
    #expect(await f.commands(count: 1) == [.togglePlayPause])
    #expect(await f.settledCommands() == [.togglePlayPause])
  }

  @Test func aTimerThatRunsLateSendsWhatWasDueBeforeTheNextPress() async {
    let f = HeadsetFixture()
    await f.click()
    // The clock jumps past the window and the next press comes at once: the click that fell due
    // is sent before the new sequence begins, whenever the timer's task runs.
    await f.wait(.seconds(2))
    await f.click()
    await f.wait(.milliseconds(100))
    await f.click()
    await f.wait(Self.window)
    #expect(await f.commands(count: 2) == [.togglePlayPause, .nextTrack])
  }
}
