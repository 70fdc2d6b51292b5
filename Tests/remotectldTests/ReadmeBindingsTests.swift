import BusTestSupport
import Foundation
import Testing

/// The README's key bindings (the blocks marked `<!-- readme-test: sway-keys -->` and
/// `<!-- readme-test: sway-button -->`), each `exec` command run as sway would run it, with the
/// executables `make install` put under a prefix and a session bus that activates the installed
/// hub, as a desktop's does: media keys work without a hub and never start one, the doctor only
/// looks, and the headset button starts the hub, which counts the click.
@Suite(
  "The README's key bindings against the installed hub", .serialized,
  .enabled(if: HubTools.canRun && Installation.canRun), .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct ReadmeBindingsTests {
  /// The commands the bindings of the block marked `name` run (what follows `exec`).
  static func boundCommands(_ name: String) throws -> [String] {
    let block = try #require(
      Readme.codeBlock(after: "<!-- readme-test: \(name) -->", in: try Readme.text()),
      "README.md has `<!-- readme-test: \(name) -->` on the line before a code block")
    return block.split(separator: "\n").compactMap { line in
      line.range(of: " exec ").map { String(line[$0.upperBound...]).trimmingCharacters(in: .whitespaces) }
    }
  }

  @Test func `media keys reach the player without starting the hub; the headset button starts it and clicks`()
    async throws
  {
    let keys = try Self.boundCommands("sway-keys")
    let button = try Self.boundCommands("sway-button")
    #expect(keys.first == "remotectl play-pause", "\(keys)")
    #expect(button == ["remotectl button press", "remotectl button release"], "\(button)")

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "readme-bindings-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let prefix = Installation.prefix(home: directory)
    let install = try await Installation.make("install", home: directory)
    try #require(install.status == 0, "\(install)")
    let services = try #require(
      Installation.files(under: prefix).first {
        $0.hasSuffix("dbus-1/services/io.github.swift_remote_control.Hub.service")
      })
    // The activated hub inherits the bus's environment: folders of the test's own.
    var folders: [String: String] = [:]
    for (variable, name) in [
      ("XDG_RUNTIME_DIR", "runtime"), ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"),
    ] {
      let folder = directory.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      folders[variable] = folder.path
    }
    let bus = try await ConfiguredBus.start(
      .session, in: directory,
      servicesDirectory: prefix.appendingPathComponent(services).deletingLastPathComponent(),
      environment: folders, standardError: .file(directory.appendingPathComponent("bus.log").path))
    let bin = prefix.appendingPathComponent("bin")
    let environment = folders.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { $1 }
    let hubName = "io.github.swift_remote_control.Hub"
    let player = try ChildProcess(
      bin.appendingPathComponent("binaural").path, ["--output", "null", "--headless"],
      environment: environment,
      standardError: .file(directory.appendingPathComponent("binaural.log").path))
    func status() async throws -> String {
      try await ChildProcess.run("playerctl", ["--player=binaural", "status"], environment: environment)
        .trimmed
    }
    try await eventually("binaural to be Paused") { try await status() == "Paused" }

    // The doctor only looks: it says the hub is installed, and starts nothing.
    let doctor = try await Readme.run("remotectl doctor", environment: environment, bin: bin)
    #expect(doctor.output.contains("it is installed, so D-Bus starts it"), "\(doctor)")
    #expect(try await bus.processIdentifier(of: hubName) == nil, "the doctor started the hub")

    // A media key plays without a hub, and starts none.
    let key = try await Readme.run(keys[0], environment: environment, bin: bin)
    #expect(key.status == 0, "\(key)")
    try await eventually("binaural to play") { try await status() == "Playing" }
    #expect(try await bus.processIdentifier(of: hubName) == nil, "a media key started the hub")

    // The headset button: the press starts the installed hub, and a click (press, release) is
    // PlayPause once the click interval has passed.
    for command in button {
      let result = try await Readme.run(command, environment: environment, bin: bin)
      #expect(result.status == 0, "\(result)")
    }
    #expect(try await bus.processIdentifier(of: hubName) != nil, "the button press started the hub")
    try await eventually("the click to pause binaural") { try await status() == "Paused" }

    await player.terminate()
    await bus.stop()
    #expect(try await Installation.make("uninstall", home: directory).status == 0)
  }
}
