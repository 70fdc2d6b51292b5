import RemoteControl
import RemoteControlTesting
import Testing

@MainActor
@Test func commandTargetsRunBeforeTheResponderChain() async {
  let app = Application()
  app.beginReceivingRemoteControlEvents()
  let recorder = RecordingResponder(next: app)
  #expect(recorder.becomeFirstResponder())
  app.commandCenter.playCommand.addTarget { _ in .success }
  let controller = InMemoryController(app)
  #expect(await controller.press(.play) == .commandCenter(.success))
  #expect(await controller.press(.pause) == .responder(recorder))
  #expect(recorder.receivedCommands == [.pause])
}
