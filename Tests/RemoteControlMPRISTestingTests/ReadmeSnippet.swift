import RemoteControl
import RemoteControlMPRIS
import RemoteControlMPRISTesting
import Testing

@MainActor
@Test func playFromTheMediaControlsStartsPlayback() async throws {
  let application = Application()
  var played = false
  application.commandCenter.playCommand.addTarget { _ in
    played = true
    return .success
  }
  application.beginReceivingRemoteControlEvents()

  try await withPrivateSessionBus { bus in
    let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
    try await player.client.play()
    #expect(played)
  }
}
