import RemoteControl
import RemoteControlTesting
import Testing

/// A view controller written as on iOS: `next` overridden read-only to insert the
/// continuous-seek responder, which knows the application it serves.
@MainActor
private final class PortedController: Responder {
  let remote: ContinuousSeek

  init(application: Application, clock: ManualClock) {
    remote = ContinuousSeek(application: application, clock: clock)
    super.init()
  }

  override var next: Responder? { remote }
  override var canBecomeFirstResponder: Bool { true }
}

/// What an iOS developer's port expects of the core: commands offered only when something can
/// act on them, `next` overridable read-only, and the inserted continuous-seek responder working
/// without a reference cycle.
@MainActor
@Suite("Porting from iOS")
struct PortingBehaviourTests {
  @Test func aCommandWithoutATargetIsNotOfferedUnlessTheResponderChainMayTakeIt() {
    let center = RemoteCommandCenter()
    #expect(!center.raiseCommand.isOffered)
    #expect(!center.changePlaybackPositionCommand.isOffered)
    #expect(center.playCommand.isOffered, "play reaches the responder chain, as in UIKit")
    let token = center.raiseCommand.addTarget { _ in .success }
    #expect(center.raiseCommand.isOffered)
    center.raiseCommand.isEnabled = false
    #expect(!center.raiseCommand.isOffered, "a disabled command is never offered")
    center.raiseCommand.isEnabled = true
    center.raiseCommand.removeTarget(token)
    #expect(!center.raiseCommand.isOffered)
    center.playCommand.isEnabled = false
    #expect(!center.playCommand.isOffered)
  }

  @Test func aReadOnlyNextOverrideInsertsTheContinuousSeekResponder() async {
    let app = Application(nowPlayingInfoCenter: NowPlayingInfoCenter(clock: ManualClock()))
    app.beginReceivingRemoteControlEvents()
    let controller = PortedController(application: app, clock: ManualClock())
    #expect(controller.becomeFirstResponder())
    #expect(controller.next === controller.remote)
    #expect(controller.remote.next === app)
    #expect(controller.application === app)

    #expect(await app.send(.beginSeekingForward) == .responder(controller.remote))
    #expect(controller.remote.direction == .forward, "the seek began: it knows its application")
    #expect(await app.send(.endSeekingForward) == .responder(controller.remote))
    #expect(controller.remote.direction == nil)
  }

  @Test func theApplicationItsControllerAndTheSeekResponderAreFreedTogether() async {
    weak var weakApp: Application?
    weak var weakController: PortedController?
    weak var weakSeek: ContinuousSeek?
    do {
      let app = Application()
      let controller = PortedController(application: app, clock: ManualClock())
      #expect(controller.becomeFirstResponder())
      weakApp = app
      weakController = controller
      weakSeek = controller.remote
    }
    #expect(weakApp == nil)
    #expect(weakController == nil)
    #expect(weakSeek == nil)
  }

  @Test func aRateModeSeekEndsAtTheRateInEffectBeforeItBegan() async throws {
    let f = SeekFixture(mode: .rate(2))
    f.play()
    f.app.nowPlayingInfoCenter.setPositionState(try PositionState(duration: .seconds(300), playbackRate: 1.5))
    var rates = f.rates.makeAsyncIterator()
    await f.controller.beginHolding(.forward)
    #expect(await rates.next() == 2)
    await f.controller.release(.forward)
    #expect(await rates.next() == 1.5)
  }
}
