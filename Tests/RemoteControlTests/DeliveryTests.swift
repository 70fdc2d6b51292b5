import RemoteControl
import RemoteControlTesting
import Testing

@MainActor
@Suite("Delivery", .timeLimit(.minutes(3)))
struct DeliveryTests {
  let app: Application
  let chain: RecordingResponder
  let controller: InMemoryController

  /// An application with a first responder that records every event and handles none.
  init() {
    app = Application()
    chain = RecordingResponder(handling: [], next: app)
    controller = InMemoryController(app)
    chain.becomeFirstResponder()
  }

  // MARK: - Synchronous delivery

  @Test func sendEventDeliversAtOnceInTheSameOrder() {
    app.beginReceivingRemoteControlEvents()
    app.commandCenter.playCommand.addTarget { _ in .noSuchContent }

    #expect(app.sendEvent(RemoteControlEvent(.play, source: .test)) == .commandCenter(.noSuchContent))
    #expect(app.sendEvent(RemoteControlEvent(.pause, source: .test)) == .unhandled)
    #expect(chain.receivedCommands == [.pause])
  }

  @Test func sendEventBeforeBeginReceivingIsNotReceived() {
    #expect(app.sendEvent(RemoteControlEvent(.play, source: .test)) == .notReceiving)
    #expect(chain.receivedEvents.isEmpty)
  }

  @Test func sendEventWithSuspendingTargetsFinishesInATaskAndTellsObservers() async {
    app.beginReceivingRemoteControlEvents()
    app.commandCenter.nextTrackCommand.addTarget(asyncHandler: { _ in
      await Task.yield()
      return .commandFailed
    })
    var deliveries = app.events.makeAsyncIterator()

    #expect(app.sendEvent(RemoteControlEvent(.nextTrack, source: .test)) == nil)

    let delivery = await deliveries.next()
    #expect(delivery?.event.command == .nextTrack)
    #expect(delivery?.outcome == .commandCenter(.commandFailed))
  }

  // MARK: - Receiving

  @Test func appDoesNotReceiveUntilItBegins() {
    #expect(!app.isReceivingRemoteControlEvents)
    app.beginReceivingRemoteControlEvents()
    #expect(app.isReceivingRemoteControlEvents)
    app.endReceivingRemoteControlEvents()
    #expect(!app.isReceivingRemoteControlEvents)
  }

  @Test func eventBeforeBeginReceivingIsNotReceivedAndNothingRuns() async {
    let ran = Log<Command>()
    app.commandCenter.playCommand.addTarget {
      ran.append($0.command); return .success
    }

    #expect(await controller.press(.play) == .notReceiving)
    #expect(await controller.press(.pause) == .notReceiving)
    #expect(ran.values.isEmpty)
    #expect(chain.receivedEvents.isEmpty)
  }

  @Test func eventAfterEndReceivingIsNotReceivedAndNothingRuns() async {
    let ran = Log<Command>()
    app.commandCenter.playCommand.addTarget {
      ran.append($0.command); return .success
    }
    app.beginReceivingRemoteControlEvents()
    #expect(await controller.press(.play) == .commandCenter(.success))
    app.endReceivingRemoteControlEvents()

    #expect(await controller.press(.play) == .notReceiving)
    #expect(await controller.press(.pause) == .notReceiving)
    #expect(ran.values == [.play])
    #expect(chain.receivedEvents.isEmpty)
  }

  // MARK: - Command center

  @Test func enabledCommandWithTargetsRunsThemAndTheChainIsNotOffered() async {
    app.beginReceivingRemoteControlEvents()
    let ran = Log<RemoteControlEvent>()
    app.commandCenter.skipForwardCommand.addTarget {
      ran.append($0); return .success
    }
    let event = RemoteControlEvent(.skipForward(.seconds(10)), source: .keyboard)

    #expect(await app.send(event) == .commandCenter(.success))
    #expect(ran.values == [event])
    #expect(chain.receivedEvents.isEmpty)
  }

  @Test(arguments: RemoteCommandHandlerStatus.Code.allCases)
  func targetStatusIsTheOutcome(code: RemoteCommandHandlerStatus.Code) async {
    let status = RemoteCommandHandlerStatus(code)
    app.beginReceivingRemoteControlEvents()
    app.commandCenter.nextTrackCommand.addTarget { _ in status }

    let outcome = await controller.press(.nextTrack)
    #expect(outcome == .commandCenter(status))
    #expect(outcome.isSuccess == (status == .success))
    #expect(chain.receivedEvents.isEmpty)
  }

  @Test func thereAreExactlyFiveStatuses() {
    #expect(
      RemoteCommandHandlerStatus.Code.allCases == [
        .success, .noSuchContent, .noActionableNowPlayingItem, .deviceNotFound, .commandFailed,
      ])
  }

  @Test func firstStatusThatIsNotSuccessWinsAndEveryTargetRuns() async {
    app.beginReceivingRemoteControlEvents()
    let ran = Log<Int>()
    let command = app.commandCenter.playCommand
    command.addTarget { _ in
      ran.append(1); return .success
    }
    command.addTarget { _ in
      ran.append(2); return .noSuchContent
    }
    command.addTarget { _ in
      ran.append(3); return .commandFailed
    }
    command.addTarget { _ in
      ran.append(4); return .success
    }

    #expect(await controller.press(.play) == .commandCenter(.noSuchContent))
    #expect(ran.values == [1, 2, 3, 4])
  }

  @Test func targetsRunInTheOrderAdded() async {
    app.beginReceivingRemoteControlEvents()
    let ran = Log<String>()
    let command = app.commandCenter.pauseCommand
    for name in ["a", "b", "c", "d", "e"] {
      command.addTarget { _ in
        ran.append(name); return .success
      }
    }

    #expect(await controller.press(.pause) == .commandCenter(.success))
    #expect(ran.values == ["a", "b", "c", "d", "e"])
  }

  @Test func disabledCommandGoesToTheResponderChainAndItsTargetsDoNotRun() async {
    app.beginReceivingRemoteControlEvents()
    let ran = Log<Command>()
    app.commandCenter.playCommand.addTarget {
      ran.append($0.command); return .success
    }
    app.commandCenter.playCommand.isEnabled = false
    chain.handledCommands = [.play]

    #expect(await controller.press(.play) == .responder(chain))
    #expect(ran.values.isEmpty)
    #expect(chain.receivedCommands == [.play])
  }

  @Test func reenabledCommandRunsItsTargetsAgain() async {
    app.beginReceivingRemoteControlEvents()
    app.commandCenter.playCommand.addTarget { _ in .deviceNotFound }
    app.commandCenter.playCommand.isEnabled = false
    #expect(await controller.press(.play) == .unhandled)
    app.commandCenter.playCommand.isEnabled = true
    #expect(await controller.press(.play) == .commandCenter(.deviceNotFound))
  }

  @Test func commandWithoutTargetsGoesToTheResponderChain() async {
    app.beginReceivingRemoteControlEvents()
    app.commandCenter.pauseCommand.addTarget { _ in .success }
    chain.handledCommands = [.play]

    #expect(await controller.press(.play) == .responder(chain))
    #expect(chain.receivedCommands == [.play])
  }

  @Test func eventNobodyHandlesIsUnhandled() async {
    app.beginReceivingRemoteControlEvents()
    let outcome = await controller.press(.changeVolume(0.5))
    #expect(outcome == .unhandled)
    #expect(!outcome.isSuccess)
    #expect(chain.receivedCommands == [.changeVolume(0.5)])
  }

  @Test func outcomesAreEqualOnlyForTheSameCaseAndValue() {
    let other = RecordingResponder()
    #expect(RemoteControlEventOutcome.responder(chain) == .responder(chain))
    #expect(RemoteControlEventOutcome.responder(chain) != .responder(other))
    #expect(RemoteControlEventOutcome.commandCenter(.success) != .commandCenter(.commandFailed))
    #expect(RemoteControlEventOutcome.unhandled != .notReceiving)
    #expect(RemoteControlEventOutcome.responder(chain).isSuccess)
    #expect(!RemoteControlEventOutcome.notReceiving.isSuccess)
  }

  // MARK: - Async targets

  @Test func asyncTargetStatusIsTheOutcome() async {
    app.beginReceivingRemoteControlEvents()
    app.commandCenter.stopCommand.addTarget { _ async in
      await Task.yield()
      return .noActionableNowPlayingItem
    }
    #expect(await controller.press(.stop) == .commandCenter(.noActionableNowPlayingItem))
  }

  @Test func asyncAndImmediateTargetsRunInTheOrderAdded() async {
    app.beginReceivingRemoteControlEvents()
    let ran = Log<String>()
    let command = app.commandCenter.playCommand
    command.addTarget { _ in
      ran.append("immediate 1"); return .success
    }
    command.addTarget { _ async in
      await Task.yield()
      ran.append("async")
      return .success
    }
    command.addTarget { _ in
      ran.append("immediate 2"); return .success
    }

    #expect(await controller.press(.play) == .commandCenter(.success))
    #expect(ran.values == ["immediate 1", "async", "immediate 2"])
  }

  @Test func anotherEventIsDeliveredWhileAnAsyncTargetIsSuspended() async {
    app.beginReceivingRemoteControlEvents()
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
    app.commandCenter.playCommand.addTarget { _ async in
      startedContinuation.yield()
      for await _ in release { break }
      return .commandFailed
    }
    app.commandCenter.pauseCommand.addTarget { _ in .success }
    let controller = controller

    let play = Task { await controller.press(.play) }
    for await _ in started { break }
    #expect(await controller.press(.pause) == .commandCenter(.success))
    #expect(await controller.press(.nextTrack) == .unhandled)
    releaseContinuation.yield()
    #expect(await play.value == .commandCenter(.commandFailed))
  }

  // MARK: - Removing targets

  @Test func removedTargetNoLongerRuns() async {
    app.beginReceivingRemoteControlEvents()
    let ran = Log<String>()
    let command = app.commandCenter.playCommand
    let first = command.addTarget { _ in
      ran.append("first"); return .commandFailed
    }
    command.addTarget { _ in
      ran.append("second"); return .success
    }

    command.removeTarget(first)
    #expect(await controller.press(.play) == .commandCenter(.success))
    #expect(ran.values == ["second"])
    #expect(command.hasTargets)
  }

  @Test func removingTheLastTargetSendsEventsToTheChain() async {
    app.beginReceivingRemoteControlEvents()
    let command = app.commandCenter.playCommand
    let token = command.addTarget { _ in .success }
    command.removeTarget(token)

    #expect(!command.hasTargets)
    #expect(await controller.press(.play) == .unhandled)
    #expect(chain.receivedCommands == [.play])
  }

  @Test func removingAllTargetsSendsEventsToTheChain() async {
    app.beginReceivingRemoteControlEvents()
    let command = app.commandCenter.playCommand
    command.addTarget { _ in .success }
    command.addTarget(asyncHandler: { _ in .success })
    command.removeAllTargets()

    #expect(!command.hasTargets)
    #expect(await controller.press(.play) == .unhandled)
  }

  @Test func removingATokenTwiceIsHarmless() async {
    app.beginReceivingRemoteControlEvents()
    let command = app.commandCenter.playCommand
    let token = command.addTarget { _ in .commandFailed }
    command.addTarget { _ in .success }
    command.removeTarget(token)
    command.removeTarget(token)

    #expect(command.hasTargets)
    #expect(await controller.press(.play) == .commandCenter(.success))
  }

  @Test func tokenOfAnotherCommandsTargetIsUnknownAndIgnored() async {
    app.beginReceivingRemoteControlEvents()
    let center = app.commandCenter
    let pauseToken = center.pauseCommand.addTarget { _ in .success }
    center.playCommand.addTarget { _ in .noSuchContent }

    center.playCommand.removeTarget(pauseToken)
    #expect(center.playCommand.hasTargets)
    #expect(await controller.press(.play) == .commandCenter(.noSuchContent))
    #expect(center.pauseCommand.hasTargets)
  }

  @Test func tokenOfAnotherCommandCentersTargetIsUnknownAndIgnored() async {
    app.beginReceivingRemoteControlEvents()
    let otherToken = RemoteCommandCenter().playCommand.addTarget { _ in .success }
    app.commandCenter.playCommand.addTarget { _ in .deviceNotFound }

    app.commandCenter.playCommand.removeTarget(otherToken)
    #expect(await controller.press(.play) == .commandCenter(.deviceNotFound))
  }

  @Test func tokenOfAnObserverIsUnknownToACommand() async {
    app.beginReceivingRemoteControlEvents()
    let observerToken = app.observeEvents { _ in }
    app.commandCenter.playCommand.addTarget { _ in .success }

    app.commandCenter.playCommand.removeTarget(observerToken)
    #expect(await controller.press(.play) == .commandCenter(.success))
  }
}
