import RemoteControl
import RemoteControlTesting
import Testing

@MainActor
@Suite("Observation", .timeLimit(.minutes(3)))
struct ObservationTests {
  let app = Application()

  @Test func observerSeesEveryEventWithItsOutcome() async {
    let deliveries = Log<EventDelivery>()
    app.observeEvents { deliveries.append($0) }
    let handler = RecordingResponder(handling: [.pause], next: app)
    handler.becomeFirstResponder()
    app.commandCenter.playCommand.addTarget { _ in .success }
    app.commandCenter.stopCommand.addTarget { _ in .commandFailed }

    let early = RemoteControlEvent(.play, source: .keyboard)
    let play = RemoteControlEvent(.play, source: .mpris(sender: ":1.3"))
    let stop = RemoteControlEvent(.stop, source: .web(client: nil))
    let pause = RemoteControlEvent(.pause, source: .commandLine)
    let next = RemoteControlEvent(.nextTrack, source: .test)
    await app.send(early)
    app.beginReceivingRemoteControlEvents()
    for event in [play, stop, pause, next] { await app.send(event) }

    #expect(
      deliveries.values == [
        EventDelivery(event: early, outcome: .notReceiving),
        EventDelivery(event: play, outcome: .commandCenter(.success)),
        EventDelivery(event: stop, outcome: .commandCenter(.commandFailed)),
        EventDelivery(event: pause, outcome: .responder(handler)),
        EventDelivery(event: next, outcome: .unhandled),
      ])
  }

  @Test func observerIsToldAfterTheEventWasHandled() async {
    app.beginReceivingRemoteControlEvents()
    let order = Log<String>()
    app.commandCenter.playCommand.addTarget { _ in
      order.append("target"); return .success
    }
    app.observeEvents { _ in order.append("observer") }
    await app.send(.play)
    #expect(order.values == ["target", "observer"])
  }

  @Test func sendWithACommandStampsTheSource() async {
    let sources = Log<RemoteControlEvent.Source>()
    app.observeEvents { sources.append($0.event.source) }
    await app.send(.play)
    await app.send(.pause, from: .other("car"))
    #expect(sources.values == [.application, .other("car")])
  }

  @Test func observersAreCalledInTheOrderAdded() async {
    let calls = Log<String>()
    app.observeEvents { _ in calls.append("first") }
    app.observeEvents { _ in calls.append("second") }
    app.observeEvents { _ in calls.append("third") }
    await app.send(.play)
    #expect(calls.values == ["first", "second", "third"])
  }

  @Test func removedObserverIsNotCalled() async {
    let kept = Log<Command>()
    let removed = Log<Command>()
    let token = app.observeEvents { removed.append($0.event.command) }
    app.observeEvents { kept.append($0.event.command) }
    await app.send(.play)
    app.removeObserver(token)
    await app.send(.pause)
    #expect(removed.values == [.play])
    #expect(kept.values == [.play, .pause])
  }

  @Test func removingAnUnknownObserverTokenIsIgnored() async {
    let seen = Log<Command>()
    app.observeEvents { seen.append($0.event.command) }
    app.removeObserver(Application().observeEvents { _ in })
    app.removeObserver(app.commandCenter.observeChanges { _ in })
    app.removeObserver(app.nowPlayingInfoCenter.observe { _ in })
    await app.send(.play)
    #expect(seen.values == [.play])
  }

  @Test func observerAddedWhileDeliveringSeesTheNextEvent() async {
    let late = Log<Command>()
    var added = false
    app.observeEvents { _ in
      guard !added else { return }
      added = true
      app.observeEvents { late.append($0.event.command) }
    }
    await app.send(.play)
    await app.send(.pause)
    #expect(late.values == [.pause])
  }

  // MARK: - The events sequence

  @Test func eventsSequenceYieldsEachDeliveryInOrder() async {
    var events = app.events.makeAsyncIterator()
    let first = RemoteControlEvent(.play, source: .keyboard)
    let second = RemoteControlEvent(.skipBackward(.seconds(15)), source: .keyboard)
    await app.send(first)
    app.beginReceivingRemoteControlEvents()
    await app.send(second)

    #expect(await events.next() == EventDelivery(event: first, outcome: .notReceiving))
    #expect(await events.next() == EventDelivery(event: second, outcome: .unhandled))
  }

  @Test func eventsSequenceStartsAtTheMomentOfAccess() async {
    await app.send(.play)
    var events = app.events.makeAsyncIterator()
    await app.send(.pause)
    #expect(await events.next()?.event.command == .pause)
  }

  @Test func eachAccessToEventsIsASequenceOfItsOwn() async {
    var one = app.events.makeAsyncIterator()
    var two = app.events.makeAsyncIterator()
    await app.send(.nextTrack)
    #expect(await one.next()?.event.command == .nextTrack)
    #expect(await two.next()?.event.command == .nextTrack)
  }

  @Test func eventsSequenceEndsWhenTheIteratingTaskIsCancelled() async {
    let app = app
    let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task {
      var count = 0
      let events = app.events
      startedContinuation.yield()
      for await _ in events { count += 1 }
      return count
    }
    for await _ in started { break }
    await app.send(.play)
    consumer.cancel()
    #expect(await consumer.value <= 1)
  }
}
