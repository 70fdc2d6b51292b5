import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// What `remotectl hub` and `remotectl doctor` say of the audio session, and each of its
/// behaviours turned off in the configuration file and on the command line.
extension AudioSessionTests {
  /// A configuration file holding `text`, in a folder of its own that `body` may use; the path
  /// to pass with `--config`. The folder is removed afterwards.
  static func withConfigurationFile(_ text: String, _ body: (String) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("remotectld-conf-\(UUID().uuidString.prefix(8))", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("remotectld.conf").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    try await body(path)
  }

  @Test("remotectl hub and doctor name the interruption under way and whom its end resumes")
  func hubAndDoctorShowTheInterruption() async throws {
    try await withRig { rig in
      try await rig.startMpv()
      #expect(try await rig.interruptionLine() == "No interruption under way")
      let call = try rig.call()
      try await rig.waitForStatus("mpv", "Paused")
      let expected = "Interruption under way: interrupted mpv; its end resumes mpv"
      try await eventually("remotectl hub to name mpv") { try await rig.interruptionLine() == expected }
      let doctor = try await rig.bus.run(
        BuiltProducts.remotectl, ["doctor"])
      #expect(doctor.output.contains(expected), "\(doctor.output)")
      _ = await call.terminate()
      try await rig.waitForStatus("mpv", "Playing")
      try await eventually("the interruption to end") {
        try await rig.interruptionLine() == "No interruption under way"
      }
    }
  }

  @Test("doctor names a playing player whose process plays no stream on the sound server, and why")
  func doctorNamesAnUnmatchedPlayer() async throws {
    try await withRig { rig in
      // mpv plays to no sound server: no stream comes from its process.
      let mpv = try await rig.startMpv(output: "null")
      let finding =
        "the hub does not match mpv to a sound-server stream: it plays, but no stream on the sound server "
        + "comes from its process \(mpv.processIdentifier)"
      try await eventually("doctor to name mpv") { () async throws -> Bool in
        let doctor = try await rig.bus.run(
          BuiltProducts.remotectl, ["doctor"])
        return doctor.output.contains(finding)
      }
      // Paused, it is not expected to have a stream: doctor says so.
      try await rig.press("pause", expecting: "Paused")
      try await eventually("doctor to say that mpv plays nothing") { () async throws -> Bool in
        let doctor = try await rig.bus.run(
          BuiltProducts.remotectl, ["doctor"])
        return doctor.output.contains(
          "does not match mpv to a sound-server stream: it has no stream on the sound server now")
      }
    }
  }

  /// Starts mpv playing, makes a call (of `role`), waits until the hub has seen it (`remotectl
  /// hub` says `line`), ends it, and returns whether mpv announced a pause meanwhile.
  func callPausedMpv(_ rig: Rig, role: String = "phone", hubSays line: String) async throws -> Bool {
    try await rig.startMpv()
    let monitor = try SignalMonitor(on: rig.bus, sender: "org.mpris.MediaPlayer2.mpv")
    try await monitor.ready()
    let call = try rig.call(role: role)
    try await eventually("remotectl hub to say \(line)") { try await rig.interruptionLine() == line }
    // mpv-mpris announces a status a moment late and drops one already undone: a call ended
    // before it said Paused would hide the pause.
    if line.contains("interrupted mpv") { try await monitor.wait(for: "'Paused'") }
    _ = await call.terminate()
    try await eventually("the interruption to end") {
      try await rig.interruptionLine() == "No interruption under way"
    }
    // mpv-mpris announces a pause within milliseconds: a press afterwards marks the end of what it
    // sent before.
    try await rig.bus.playerctl("--player=mpv", "volume", "0.5")
    try await monitor.wait(for: "Volume")
    await monitor.stop()
    return monitor.process.standardOutput.contains("'Paused'")
  }

  @Test("interrupt-on-calls = no in the configuration file: a call pauses nothing")
  func interruptOnCallsOffInTheFile() async throws {
    try await Self.withConfigurationFile("# calls are left alone\ninterrupt-on-calls = no\n") { path in
      try await withRig(hubArguments: ["--config", path]) { rig in
        let paused = try await callPausedMpv(
          rig, hubSays: "Interruption under way: interrupted nothing; its end resumes nothing")
        #expect(!paused, "mpv was paused:\n\(rig.hub.standardError)")
      }
    }
  }

  @Test("--no-interrupt-on-calls: a call pauses nothing; --interrupt-on-calls wins over the file")
  func interruptOnCallsOffOnTheCommandLine() async throws {
    try await withRig(hubArguments: ["--no-interrupt-on-calls"]) { rig in
      let paused = try await callPausedMpv(
        rig, hubSays: "Interruption under way: interrupted nothing; its end resumes nothing")
      #expect(!paused, "mpv was paused:\n\(rig.hub.standardError)")
    }
    try await Self.withConfigurationFile("interrupt-on-calls = no\n") { path in
      try await withRig(hubArguments: ["--config", path, "--interrupt-on-calls"]) { rig in
        let paused = try await callPausedMpv(
          rig, hubSays: "Interruption under way: interrupted mpv; its end resumes mpv")
        #expect(paused, "the command line did not win over the file:\n\(rig.hub.standardError)")
      }
    }
  }

  @Test("call-roles in the file and --call-roles: only streams of those roles are calls")
  func callRoles() async throws {
    try await Self.withConfigurationFile("call-roles = voip, communication\n") { path in
      for arguments in [["--config", path], ["--call-roles", "voip"]] {
        try await withRig(hubArguments: arguments) { rig in
          try await rig.startMpv()
          // A phone stream is no call now: it plays through a voip call and after it.
          let phone = try rig.call(role: "phone")
          try await eventually("the phone stream on the sound server") {
            try await rig.pactl("list", "sink-inputs").contains("media.role = \"phone\"")
          }
          let voip = try rig.call(role: "voip")
          try await rig.waitForStatus("mpv", "Paused")
          _ = await voip.terminate()
          try await rig.waitForStatus("mpv", "Playing")
          #expect(
            try await rig.interruptionLine() == "No interruption under way",
            "the phone stream is taken for a call (\(arguments))")
          _ = await phone.terminate()
        }
      }
    }
  }

  @Test("pause-on-route-loss = no in the file, or --no-pause-on-route-loss: a lost output pauses nothing")
  func pauseOnRouteLossOff() async throws {
    try await Self.withConfigurationFile("pause-on-route-loss = no\n") { path in
      for arguments in [["--config", path], ["--no-pause-on-route-loss"]] {
        try await withRig(hubArguments: arguments) { rig in
          let module = try await rig.pactl("load-module", "module-null-sink", "sink_name=headphones")
          try await rig.startMpv(sink: "headphones")
          try await eventually("mpv's stream on the headphones") {
            try await rig.pactl("list", "sink-inputs").contains("application.process.binary = \"mpv\"")
          }
          let monitor = try SignalMonitor(on: rig.bus, sender: "org.mpris.MediaPlayer2.mpv")
          try await monitor.ready()
          _ = try await rig.pactl("unload-module", module)
          // The hub logs the lost output before it would act on it.
          try await eventually("the hub to see the output go") {
            rig.hub.standardError.contains("an output went away")
          }
          try await rig.bus.playerctl("--player=mpv", "volume", "0.5")
          try await monitor.wait(for: "Volume")
          await monitor.stop()
          #expect(
            !monitor.process.standardOutput.contains("'Paused'"),
            "mpv was paused (\(arguments)):\n\(rig.hub.standardError)")
        }
      }
    }
  }

  @Test("a bad value in the configuration file is refused, naming the file and the line")
  func badValuesAreRefused() async throws {
    let bus = try await PrivateBus.start()
    do {
      for (text, message) in [
        (
          "proxy = off\ninterrupt-on-calls = maybe\n",
          ":2: interrupt-on-calls must be yes or no, not \"maybe\""
        ),
        ("\n\n# comment\npause-on-route-loss = 0\n", ":4: pause-on-route-loss must be yes or no, not \"0\""),
        ("call-roles = ,\n", ":1: call-roles must name at least one media.role"),
        ("interrupt-on-call = no\n", ":1: unknown key \"interrupt-on-call\""),
        ("lan = maybe\n", ":1: lan must be yes or no, not \"maybe\""),
        ("public-origin = http://music.example.org\n", ":1: the public origin must start with https://"),
      ] {
        try await Self.withConfigurationFile(text) { path in
          let hub = try await bus.runHub(["--no-http", "--no-bridge", "--config", path])
          #expect(hub.status != 0 && hub.error.contains(path + message), "\(text): \(hub)")
        }
      }
      let hub = try await bus.runHub(["--no-http", "--no-bridge", "--call-roles", " , "])
      #expect(hub.status != 0 && hub.error.contains("--call-roles must name at least one"), "\(hub)")
    } catch {
      await bus.stop()
      throw error
    }
    await bus.stop()
  }
}
