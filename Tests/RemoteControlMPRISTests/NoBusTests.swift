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

  @Test func withoutASessionBusTheErrorNamesTheVariablesAndDbusRunSession() {
    let unset = MediaPlayerError.connectionFailed(to: .session, reason: "No medium found", environment: [:])
    #expect(unset.message.contains("neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set"), "\(unset)")
    #expect(unset.message.contains("dbus-run-session --"), "\(unset)")
    let runtime = MediaPlayerError.connectionFailed(
      to: .session, reason: "No medium found", environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])
    #expect(runtime.message.contains("no bus listens at /run/user/1000/bus"), "\(runtime)")
  }
}
