import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// The system's sleep, against a stand-in of logind (``LogindStandIn``: logind itself needs
/// systemd as PID 1, which these machines do not run) on a private system bus: binaural and
/// mpv + mpv-mpris playing, and a python3-dbus player that toggles on `Pause`.
extension AudioSessionTests {
  /// A player that answers `Pause` as a toggle (as the players of open-orpheus#258 did), paused
  /// at first; it prints `Pause` on every `Pause` it gets, and `ready` once it owns
  /// `org.mpris.MediaPlayer2.toggler`.
  static let toggler = PythonProgram.path("sleep_toggler_player.py")

  /// A private system bus with the logind stand-in on it, the hub's environment pointing at it;
  /// both stop after `body`.
  static func withLogind(_ body: (ConfiguredBus, LogindStandIn) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("remotectld-logind-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let systemBus = try await ConfiguredBus.start(.system, in: folder)
    let logind: LogindStandIn
    do {
      logind = try await LogindStandIn.start(systemBus: systemBus.address)
    } catch {
      await systemBus.stop()
      throw error
    }
    do {
      try await body(systemBus, logind)
    } catch {
      await logind.stop()
      await systemBus.stop()
      throw TestFailure("\(error)\nthe logind stand-in's log:\n\(logind.process.standardError)")
    }
    await logind.stop()
    await systemBus.stop()
  }

  /// The hub's delay inhibitor, as `ListInhibitors` shows it.
  static let hubInhibitor = "sleep remotectld Pausing the players before the system sleeps delay"

  @Test(
    "PrepareForSleep(true) pauses binaural and mpv before the hub releases its inhibitor; the wake starts nothing; a player toggling on Pause is not started"
  )
  func sleepPausesBeforeTheInhibitorIsReleased() async throws {
    try await Self.withLogind { systemBus, logind in
      try await withRig(hubEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": systemBus.address]) { rig in
        let toggler = try ChildProcess(
          PythonPlayers.python, [Self.toggler],
          environment: rig.bus.environment.merging(PythonPlayers.environment) { $1 })
        rig.children.all.append(toggler)
        _ = try await toggler.line(within: .seconds(20)) { $0 == "ready" }
        try await logind.watch(
          [
            "org.mpris.MediaPlayer2.binaural", "org.mpris.MediaPlayer2.mpv", "org.mpris.MediaPlayer2.toggler",
          ],
          on: rig.bus.address)
        #expect(try await logind.inhibitors(systemBus: systemBus.address) == [])
        let binaural = try await rig.startBinaural()
        try await rig.startMpv()
        var times: [Double] = []
        for round in 1...Self.sleepRounds {
          if round > 1 {
            try await rig.bus.playerctl("--player=binaural", "play")
            try await rig.waitForStatus("binaural", "Playing")
            try await rig.press("play", expecting: "Playing")
          }
          try await eventually("the hub to hold its inhibitor while players play") {
            try await logind.inhibitors(systemBus: systemBus.address) == [Self.hubInhibitor]
          }
          let sleep = try await logind.sleep()
          #expect(sleep.released, "the hub did not release its inhibitor within 5 s")
          #expect(
            sleep.statuses == [
              "org.mpris.MediaPlayer2.binaural": "Paused", "org.mpris.MediaPlayer2.mpv": "Paused",
              "org.mpris.MediaPlayer2.toggler": "Paused",
            ], "what played when the inhibitor was released")
          times.append(sleep.ms)
          try await logind.wake()
          // binaural hears the wake as its interruption's end, without should-resume.
          try await eventually("binaural to hear the interruption end \(round) times") {
            binaural.standardError.components(separatedBy: "interruption ended").count - 1 == round
          }
          #expect(!binaural.standardError.contains("shouldResume=true"), "\(binaural.standardError)")
          #expect(try await rig.status("binaural") == "Paused")
          #expect(try await rig.status("mpv") == "Paused")
          #expect(try await rig.status("toggler") == "Paused")
          #expect(try await logind.inhibitors(systemBus: systemBus.address) == [])
        }
        #expect(!toggler.standardOutput.contains("Pause\n"), "the hub sent Pause to a paused player")
        let sorted = times.sorted()
        func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
        print(
          "  PrepareForSleep(true) → binaural and mpv paused, the inhibitor released, over \(sorted.count) sleeps: "
            + "p50 \(ms(sorted[sorted.count / 2])), p90 \(ms(sorted[sorted.count * 9 / 10])), "
            + "min \(ms(sorted[0])), max \(ms(sorted[sorted.count - 1]))")
      }
    }
  }

  /// How many sleeps the test above goes through (`SLEEP_ROUNDS`, 3 by default; more for the
  /// figure).
  static var sleepRounds: Int {
    ProcessInfo.processInfo.environment["SLEEP_ROUNDS"].flatMap(Int.init).map { max(1, $0) } ?? 3
  }

  @Test(
    "pause-for-sleep = no in the file, or --no-pause-for-sleep: no inhibitor is taken and sleep pauses nothing"
  )
  func pauseForSleepOff() async throws {
    try await Self.withLogind { systemBus, logind in
      try await Self.withConfigurationFile("pause-for-sleep = no\n") { path in
        for arguments in [["--config", path], ["--no-pause-for-sleep"]] {
          try await withRig(
            hubArguments: arguments, hubEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": systemBus.address]
          ) { rig in
            try await logind.watch(["org.mpris.MediaPlayer2.mpv"], on: rig.bus.address)
            try await rig.startMpv()
            try await eventually("remotectl hub to say that sleep pauses nothing") {
              try await rig.remotectl("hub").contains("Sleep pauses nothing (pause-for-sleep is off)")
            }
            #expect(try await logind.inhibitors(systemBus: systemBus.address) == [])
            let sleep = try await logind.sleep()
            #expect(sleep.statuses == ["org.mpris.MediaPlayer2.mpv": "Playing"])
            try await logind.wake()
          }
        }
      }
    }
  }

  @Test(
    "without a system bus, or without logind on it, the hub says so once, doctor says so, and it keeps working"
  )
  func withoutLogind() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("remotectld-nologind-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let emptySystemBus = try await ConfiguredBus.start(.system, in: folder)
    do {
      try await checkWithoutLogind(
        noBus: "unix:path=\(folder.path)/no-such-socket", noLogind: emptySystemBus.address)
    } catch {
      await emptySystemBus.stop()
      throw error
    }
    await emptySystemBus.stop()
  }

  /// The hub with no system bus at `noBus`, then with no logind on the bus at `noLogind`.
  func checkWithoutLogind(noBus: String, noLogind: String) async throws {
    for (address, reason) in [
      (noBus, "no system bus"), (noLogind, "no logind on the system bus"),
    ] {
      try await withRig(hubEnvironment: ["DBUS_SYSTEM_BUS_ADDRESS": address]) { rig in
        try await eventually("the hub to log that it does not follow logind") {
          rig.hub.standardError.contains("not following logind's sleep")
        }
        #expect(rig.hub.standardError.contains(reason), "\(rig.hub.standardError)")
        try await eventually("remotectl hub to say why sleep pauses nothing") {
          try await rig.remotectl("hub").contains("Sleep pauses nothing: \(reason)")
        }
        let doctor = try await rig.bus.run(
          BuiltProducts.remotectl, ["doctor"])
        #expect(
          doctor.output.contains("the hub does not follow logind's sleep (\(reason)"), "\(doctor.output)")
        // It keeps working: a call still pauses mpv.
        try await rig.startMpv()
        let call = try rig.call()
        try await rig.waitForStatus("mpv", "Paused")
        _ = await call.terminate()
        try await rig.waitForStatus("mpv", "Playing")
        #expect(rig.hub.standardError.components(separatedBy: "not following logind's sleep").count - 1 == 1)
      }
    }
  }
}
