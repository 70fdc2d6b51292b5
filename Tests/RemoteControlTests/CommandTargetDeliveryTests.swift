import RemoteControl
import Testing

@MainActor
@Test func synchronousAndSuspendingTargetsRunInTheOrderAddedAndTheFirstFailureWins() async {
  let app = Application()
  app.beginReceivingRemoteControlEvents()
  var ran: [String] = []
  app.commandCenter.playCommand.addTarget { _ in
    ran.append("first")
    return .success
  }
  let suspending = app.commandCenter.playCommand.addTarget { _ async in
    await Task.yield()
    ran.append("second")
    return .noSuchContent
  }
  app.commandCenter.playCommand.addTarget { _ in
    ran.append("third")
    return .commandFailed
  }
  #expect(await app.send(.play) == .commandCenter(.noSuchContent))
  #expect(ran == ["first", "second", "third"])

  app.commandCenter.playCommand.removeTarget(suspending)
  ran = []
  #expect(await app.send(.play) == .commandCenter(.commandFailed))
  #expect(ran == ["first", "third"])
}

@MainActor
@Test func removingEveryTargetSendsTheEventAlongTheResponderChainAgain() async {
  let app = Application()
  app.beginReceivingRemoteControlEvents()
  app.commandCenter.pauseCommand.addTarget { _ async in .success }
  #expect(await app.send(.pause) == .commandCenter(.success))
  app.commandCenter.pauseCommand.removeAllTargets()
  #expect(await app.send(.pause) == .unhandled)
  app.endReceivingRemoteControlEvents()
  #expect(await app.send(.pause) == .notReceiving)
}
