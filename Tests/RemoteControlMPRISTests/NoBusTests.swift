import Foundation
import Logging
import RemoteControl
import Testing

@testable import RemoteControlMPRIS

/// With no bus to reach, the player says what to do, not the system's "No medium found".
@Suite struct NoBusTests {
  @Test @MainActor func aPlayerWithNoBusSaysWhereItLookedAndWhatToDo() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("no-bus-\(getpid())")
    let address = "unix:path=\(directory.path)/missing"
    let service = MediaPlayerService(
      application: Application(),
      configuration: MediaPlayerConfiguration(
        playerName: "nobus", identity: "No Bus", bus: .address(address)),
      logger: Logger(label: "no-bus"))
    do {
      try await service.run()
      Issue.record("run() returned without a bus")
    } catch let error as MediaPlayerError {
      #expect(error.code == .connectionFailed)
      #expect(error.message.contains("cannot connect to the bus at \(address)"), "\(error)")
      #expect(error.message.contains("dbus-daemon listens"), "\(error)")
    }
  }

  @Test func errorsAreEqualByCodeWhateverTheirMessages() {
    let gone = ClientError(name: "org.freedesktop.DBus.Error.ServiceUnknown", message: "mpv left")
    let goneToo = ClientError(name: "org.freedesktop.DBus.Error.ServiceUnknown", message: "vlc left")
    let refused = ClientError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: "mpv left")
    #expect(gone == goneToo)
    #expect(gone != refused)
    #expect(Set([gone, goneToo, refused]).count == 2)
    let unreachable = MediaPlayerError(.connectionFailed, "cannot connect to the session bus: a")
    #expect(unreachable == MediaPlayerError(.connectionFailed, "cannot connect to the session bus: b"))
    #expect(unreachable != MediaPlayerError(.nameTaken, "cannot connect to the session bus: a"))
  }
}
