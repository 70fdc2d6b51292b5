import RemoteControl
import RemoteControlTesting
import Testing

/// A root controller that inserts a dedicated responder: its `next` is a dedicated responder, whose `next` is the
/// application.
@MainActor
private final class RootController: Responder {
  let remote: Responder
  var receivedCommands: [Command] = []

  init(remote: Responder) {
    self.remote = remote
    super.init()
  }

  override var next: Responder? { remote }
  override var canBecomeFirstResponder: Bool { true }

  override func remoteControlReceived(with event: RemoteControlEvent) -> Bool {
    receivedCommands.append(event.command)
    return false
  }
}

@MainActor
@Suite("Responder chain")
struct ResponderChainTests {
  let app: Application
  let controller: InMemoryController

  init() {
    app = Application()
    app.beginReceivingRemoteControlEvents()
    controller = InMemoryController(app)
  }

  // MARK: - Becoming first responder

  @Test func responderInAChainToTheApplicationBecomesFirst() {
    let responder = RecordingResponder(next: app)
    #expect(app.firstResponder == nil)
    #expect(responder.becomeFirstResponder())
    #expect(app.firstResponder === responder)
    #expect(responder.isFirstResponder)
  }

  @Test func becomingFirstAgainReturnsTrueAndKeepsIt() {
    let responder = RecordingResponder(next: app)
    #expect(responder.becomeFirstResponder())
    #expect(responder.becomeFirstResponder())
    #expect(app.firstResponder === responder)
  }

  @Test func responderThatCannotBecomeFirstIsRefusedAndNothingChanges() {
    let current = RecordingResponder(next: app)
    #expect(current.becomeFirstResponder())
    let refuser = RecordingResponder(next: app)
    refuser.acceptsFirstResponder = false

    #expect(!refuser.becomeFirstResponder())
    #expect(app.firstResponder === current)
    #expect(current.isFirstResponder)
    #expect(!refuser.isFirstResponder)
  }

  @Test func plainResponderCannotBecomeFirst() {
    let responder = Responder(next: app)
    #expect(!responder.canBecomeFirstResponder)
    #expect(responder.canResignFirstResponder)
    #expect(!responder.becomeFirstResponder())
    #expect(app.firstResponder == nil)
  }

  @Test func responderWithNoChainToAnApplicationCannotBecomeFirst() {
    let orphan = RecordingResponder(next: RecordingResponder())
    #expect(orphan.application == nil)
    #expect(!orphan.becomeFirstResponder())
    #expect(!orphan.isFirstResponder)
    #expect(app.firstResponder == nil)
  }

  @Test func applicationCanBecomeFirstResponder() {
    #expect(app.canBecomeFirstResponder)
    #expect(app.becomeFirstResponder())
    #expect(app.firstResponder === app)
  }

  @Test func newFirstResponderMakesThePreviousOneResign() {
    let first = RecordingResponder(next: app)
    let second = RecordingResponder(next: app)
    #expect(first.becomeFirstResponder())
    #expect(second.becomeFirstResponder())
    #expect(app.firstResponder === second)
    #expect(!first.isFirstResponder)
    #expect(second.isFirstResponder)
  }

  @Test func firstResponderThatRefusesToResignBlocksANewOne() {
    let stubborn = StubbornResponder(next: app)
    #expect(stubborn.becomeFirstResponder())
    let newcomer = RecordingResponder(next: app)

    #expect(!newcomer.becomeFirstResponder())
    #expect(app.firstResponder === stubborn)
    #expect(!newcomer.isFirstResponder)
  }

  // MARK: - Resigning

  @Test func resigningLeavesNoFirstResponder() {
    let responder = RecordingResponder(next: app)
    #expect(responder.becomeFirstResponder())
    #expect(responder.resignFirstResponder())
    #expect(app.firstResponder == nil)
    #expect(!responder.isFirstResponder)
  }

  @Test func resigningWhenNotFirstReturnsTrueAndChangesNothing() {
    let current = RecordingResponder(next: app)
    #expect(current.becomeFirstResponder())
    let other = RecordingResponder(next: app)
    #expect(other.resignFirstResponder())
    #expect(app.firstResponder === current)
  }

  @Test func responderThatCannotResignStaysFirst() {
    let stubborn = StubbornResponder(next: app)
    #expect(stubborn.becomeFirstResponder())
    #expect(!stubborn.resignFirstResponder())
    #expect(app.firstResponder === stubborn)
  }

  @Test func applicationKeepsItsFirstResponderUntilItResigns() async throws {
    weak var released: RecordingResponder?
    do {
      let transient = RecordingResponder(next: app)
      released = transient
      #expect(transient.becomeFirstResponder())
    }
    #expect(released != nil)
    do {
      let kept = try #require(released)
      #expect(await controller.press(.play) == .responder(kept))
      kept.resignFirstResponder()
    }
    #expect(released == nil)
    #expect(app.firstResponder == nil)
    #expect(await controller.press(.play) == .unhandled)
  }

  // MARK: - The chain

  @Test func applicationIsAtTheRootOfTheChain() {
    let top = RecordingResponder(next: app)
    let middle = RecordingResponder(next: top)
    let bottom = RecordingResponder(next: middle)
    #expect(bottom.application === app)
    #expect(middle.application === app)
    #expect(app.application === app)
    #expect(app.next == nil)
  }

  @Test func firstResponderThatHandlesEndsTheWalk() async {
    let after = RecordingResponder(next: app)
    let first = RecordingResponder(handling: [.play], next: after)
    #expect(first.becomeFirstResponder())

    #expect(await controller.press(.play) == .responder(first))
    #expect(first.receivedCommands == [.play])
    #expect(after.receivedCommands == [])
  }

  @Test func eventWalksFromTheFirstResponderThroughEachNextInOrder() async {
    let seen = Log<String>()
    final class Named: Responder {
      let name: String
      let handles: Bool
      let seen: Log<String>
      init(_ name: String, handles: Bool, seen: Log<String>, next: Responder) {
        self.name = name
        self.handles = handles
        self.seen = seen
        super.init(next: next)
      }
      override var canBecomeFirstResponder: Bool { true }
      override func remoteControlReceived(with event: RemoteControlEvent) -> Bool {
        seen.append(name)
        return handles
      }
    }
    let c = Named("c", handles: true, seen: seen, next: app)
    let b = Named("b", handles: false, seen: seen, next: c)
    let a = Named("a", handles: false, seen: seen, next: b)
    #expect(a.becomeFirstResponder())

    #expect(await controller.press(.nextTrack) == .responder(c))
    #expect(seen.values == ["a", "b", "c"])
  }

  @Test func withNoFirstResponderEventsStartAtTheApplication() async {
    let app = HandlingApplication()
    app.beginReceivingRemoteControlEvents()
    let bystander = RecordingResponder(next: app)

    #expect(await InMemoryController(app).press(.pause) == .responder(app))
    #expect(app.receivedCommands == [.pause])
    #expect(bystander.receivedEvents.isEmpty)
  }

  @Test func afterResigningEventsStartAtTheApplication() async {
    let app = HandlingApplication()
    app.beginReceivingRemoteControlEvents()
    let responder = RecordingResponder(next: app)
    #expect(responder.becomeFirstResponder())
    #expect(responder.resignFirstResponder())

    #expect(await InMemoryController(app).press(.stop) == .responder(app))
    #expect(responder.receivedEvents.isEmpty)
  }

  @Test func defaultRemoteControlReceivedPassesTheEventOn() async {
    let handler = RecordingResponder(next: app)
    let plain = FocusableResponder(next: handler)
    #expect(plain.becomeFirstResponder())
    #expect(!Responder().remoteControlReceived(with: RemoteControlEvent(.play)))

    #expect(await controller.press(.togglePlayPause) == .responder(handler))
    #expect(handler.receivedCommands == [.togglePlayPause])
  }

  @Test func applicationDoesNotHandleEventsByDefault() async {
    #expect(!app.remoteControlReceived(with: RemoteControlEvent(.play)))
    #expect(await controller.press(.play) == .unhandled)
  }

  @Test func overriddenNextPutsADedicatedResponderBetweenAControllerAndTheApplication() async {
    // A root controller → its dedicated remote-control responder → the application.
    let remote = RecordingResponder(handling: [.play, .pause], next: app)
    let root = RootController(remote: remote)
    #expect(root.next === remote)
    #expect(root.application === app)
    #expect(root.becomeFirstResponder())

    #expect(await controller.press(.play) == .responder(remote))
    #expect(await controller.press(.nextTrack) == .unhandled)
    #expect(root.receivedCommands == [.play, .nextTrack])
    #expect(remote.receivedCommands == [.play, .nextTrack])
  }

  @Test func recordingResponderForgetsWhatItRecordedOnReset() async {
    let recorder = RecordingResponder(handling: [], next: app)
    #expect(recorder.becomeFirstResponder())
    await controller.press(.play)
    #expect(recorder.receivedCommands == [.play])
    recorder.reset()
    #expect(recorder.receivedEvents.isEmpty)
  }
}
