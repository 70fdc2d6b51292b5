import BusTestSupport
import Foundation
import Testing

/// `remotectl doctor` names KDE Connect's "Pause media during calls" where it is on for a paired
/// device, read from the files kdeconnectd reads (written here as KDE Connect writes them, since
/// kdeconnectd does not run here): it pauses every playing player while a call rings, as the
/// hub's call rule does, and only the one that paused a player resumes it.
@Suite(
  "End to end: doctor names KDE Connect's pause during calls", .serialized,
  .enabled(if: Tools.busTestsCanRun), .leavesNoChildProcesses, .timeLimit(.minutes(2)))
struct DoctorKDEConnectTests {
  /// Writes `text` to `path` under `config`, making its folders.
  func write(_ text: String, _ path: String, in config: URL) throws {
    let file = config.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  func doctor(on bus: PrivateBus, config: URL) async throws -> String {
    let result = try await ChildProcess.run(
      Tools.remotectl, ["doctor"],
      environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_CONFIG_HOME": config.path])
    return result.output
  }

  @Test func `the doctor names each paired device whose plugin pauses, and the setting`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startBinaural()
    let config = bus.directory.appendingPathComponent("config")
    #expect(!(try await doctor(on: bus, config: config)).contains("KDE Connect"))

    // Three paired devices: the plugin on by default, turned off, and on but only muting.
    try write(
      """
      [a1b2c3]
      certificate=@ByteArray(-----BEGIN CERTIFICATE-----)
      name=Pixel 7
      type=phone

      [d4e5f6]
      name=Tablet
      type=tablet

      [0789ab]
      name=Old phone
      type=phone
      """, "kdeconnect/trusted_devices", in: config)
    try write("[Plugins]\nkdeconnect_pausemusicEnabled=false\n", "kdeconnect/d4e5f6/config", in: config)
    try write(
      "[General]\nactionPause=false\nactionMute=true\n", "kdeconnect/0789ab/kdeconnect_pausemusic/config",
      in: config)
    let output = try await doctor(on: bus, config: config)
    let line = try #require(
      output.split(separator: "\n").first { $0.contains("KDE Connect pauses") }, "\(output)")
    #expect(line.hasPrefix("PROBLEM"), "\(line)")
    #expect(line.contains("while a call rings on Pixel 7 ("), "\(line)")
    #expect(line.contains(config.path + "/kdeconnect/a1b2c3/config"), "\(line)")
    #expect(!line.contains("Tablet") && !line.contains("Old phone"), "\(line)")
    #expect(line.contains("turn off \"Pause media during calls\""), "\(line)")

    // Turned off for the phone as well: nothing to say.
    try write("[Plugins]\nkdeconnect_pausemusicEnabled=false\n", "kdeconnect/a1b2c3/config", in: config)
    #expect(!(try await doctor(on: bus, config: config)).contains("KDE Connect pauses"))
    await bus.stop()
  }
}
