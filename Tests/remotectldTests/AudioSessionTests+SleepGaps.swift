import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// The system's sleep where logind is late or a player is mute: logind coming onto the system bus
/// after the hub, and a player that never answers `Pause` before the sleep. Against the logind
/// stand-in (``LogindStandIn``), as the other sleep tests.
extension AudioSessionTests {
  /// A player that plays and takes `Pause` without ever answering it; it prints `Pause` when it
  /// gets one, and `ready` once the hub lists `org.mpris.MediaPlayer2.mute`.
  static let mute = PythonProgram.path("sleep_mute_player.py")

  @Test(
    "logind coming onto the system bus after the hub: the hub takes its inhibitor then, and sleep pauses mpv"
  )
  func logindAfterTheHub() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("remotectld-latelogind-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let systemBus = try await ConfiguredBus.start(.system, in: folder)
    var standIn: LogindStandIn?
    do {
      try await withRig(hubEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": systemBus.address]) { rig in
        try await rig.startMpv()
        try await eventually("the hub to log that it does not follow logind") {
          rig.hub.standardError.contains("not following logind's sleep")
        }
        let logind = try await LogindStandIn.start(systemBus: systemBus.address)
        standIn = logind
        try await logind.watch(["org.mpris.MediaPlayer2.mpv"], on: rig.bus.address)
        try await eventually("the hub to take its inhibitor from the logind that came late") {
          try await logind.inhibitors(systemBus: systemBus.address) == [Self.hubInhibitor]
        }
        try await eventually("remotectl hub to stop saying that sleep pauses nothing") {
          try await !rig.remotectl("hub").contains("Sleep pauses nothing")
        }
        let sleep = try await logind.sleep()
        #expect(sleep.released, "the hub did not release its inhibitor within 5 s")
        #expect(sleep.statuses == ["org.mpris.MediaPlayer2.mpv": "Paused"])
        try await logind.wake()
        #expect(rig.hub.standardError.contains("logind came onto the system bus"), "\(rig.hub.standardError)")
      }
    } catch {
      await standIn?.stop()
      await systemBus.stop()
      throw error
    }
    await standIn?.stop()
    await systemBus.stop()
  }

  @Test(
    "a player that never answers Pause: the hub releases its inhibitor anyway, within its own limit and well within logind's 5 s"
  )
  func aMutePlayerDoesNotHoldTheSleepOff() async throws {
    try await Self.withLogind { systemBus, logind in
      try await withRig(hubEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": systemBus.address]) { rig in
        let mute = try ChildProcess(
          PythonPlayers.python, [Self.mute],
          environment: rig.bus.environment.merging(PythonPlayers.environment) { $1 })
        rig.children.all.append(mute)
        _ = try await mute.line(within: .seconds(20)) { $0 == "ready" }
        try await rig.startMpv()
        try await logind.watch(
          ["org.mpris.MediaPlayer2.mute", "org.mpris.MediaPlayer2.mpv"], on: rig.bus.address)
        try await eventually("the hub to hold its inhibitor while players play") {
          try await logind.inhibitors(systemBus: systemBus.address) == [Self.hubInhibitor]
        }
        let sleep = try await logind.sleep()
        #expect(sleep.released, "the hub did not release its inhibitor within logind's 5 s")
        // The hub waited for the mute player (its limit is 2 s), and no longer than 4 s.
        #expect(sleep.ms >= 1_900 && sleep.ms < 4_000, "released after \(sleep.ms) ms")
        #expect(
          sleep.statuses == [
            "org.mpris.MediaPlayer2.mute": "Playing", "org.mpris.MediaPlayer2.mpv": "Paused",
          ])
        #expect(mute.standardOutput.contains("Pause\n"), "the hub never sent Pause to the mute player")
        // Logged right after the inhibitor is closed, which logind may see first.
        try await eventually("the hub to log that it let the system sleep without every answer") {
          rig.hub.standardError.contains("letting the system sleep: some players did not answer in time")
        }
        try await logind.wake()
        print("  a player that never answers Pause: the inhibitor released after \(Int(sleep.ms)) ms")
      }
    }
  }
}
