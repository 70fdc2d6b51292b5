import BusTestSupport
import Foundation
import HubAPI
import Testing

/// The hub, players and controllers the hub's tests run on a private bus; each stops with the bus.
extension PrivateBus {
  static let hubName = hubBusName
  static let hubInterface = Hub1.interface
  static let playerctldName = "\(Playerctld.busName)"
  static let mprisPath = "\(HubAddress.path)"

  // MARK: - Starting

  /// Starts playerctld and waits until it owns its name.
  @discardableResult
  func startPlayerctld() async throws -> ChildProcess {
    let child = try start(
      "playerctld", [], standardError: .file(directory.appendingPathComponent("playerctld.log").path))
    try await waitForName(Self.playerctldName)
    return child
  }

  /// Waits until the hub, started beside `playerctld`, holds the keys' player by its own name
  /// (`playerctld.remotectld`, while playerctld holds its name); `false`, with a known issue
  /// recorded, when playerctld exited instead: playerctld 2.4.1 can crash as the hub starts
  /// beside it (`ProxyListTests` says more).
  func keysPlayerBeside(_ playerctld: ChildProcess) async throws -> Bool {
    let beside = try await eventually("the keys' player under its own name, or playerctld to exit") {
      () async throws -> Bool? in
      if playerctld.exitStatus != nil { return false }
      return try await acquiredNames().contains("org.mpris.MediaPlayer2.playerctld.remotectld") ? true : nil
    }
    if !beside {
      withKnownIssue("playerctld exited on its own as the hub started") {
        Issue.record("playerctld exited with status \(playerctld.exitStatus ?? -1)")
      }
    }
    return beside
  }

  /// The well-known names on the bus, as `busctl list --acquired` gives them.
  func acquiredNames() async throws -> [String] {
    let result = try await run("busctl", ["--address", address, "list", "--acquired", "--no-legend"])
    return result.output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
  }

  /// Starts the hub, then binaural under each of `names` in turn, and waits until the hub lists
  /// them in that order.
  func startHub(listing names: [String]) async throws {
    try await startHub()
    for name in names { try await startBinaural(name) }
    try await eventually("the hub lists \(names)", hubPlayers, until: { $0 == names })
  }

  /// Starts `binaural --output null --name NAME` (it starts paused) and waits until it owns its name.
  @discardableResult
  func startBinaural(_ name: String) async throws -> ChildProcess {
    let child = try start(
      HubTools.binaural, ["--output", "null", "--headless", "--name", name],
      standardError: .file(directory.appendingPathComponent("\(name).log").path))
    try await waitForName("org.mpris.MediaPlayer2.\(name)")
    return child
  }

  /// Starts mpv with mpv-mpris, paused on a sine source, and waits until it owns
  /// `org.mpris.MediaPlayer2.mpv`.
  @discardableResult
  func startMpv() async throws -> ChildProcess {
    let child = try start(
      "mpv",
      [
        "--no-config", "--idle=yes", "--pause", "--script=\(MPVPlugin.mpris ?? "")", "--no-video",
        "--ao=null", "--no-terminal", "av://lavfi:sine",
      ], standardError: .file("/dev/null"))
    try await waitForName("org.mpris.MediaPlayer2.mpv")
    return child
  }

  // MARK: - Calling

  /// `gdbus call` on this bus; throws with gdbus's message when the call fails.
  @discardableResult
  func gdbusCall(
    _ destination: String, _ method: String, _ arguments: [String] = [], path: String = mprisPath
  )
    async throws -> String
  {
    let result = try await gdbusCallResult(destination, method, arguments, path: path)
    guard result.status == 0 else { throw TestFailure("\(method) on \(destination) failed: \(result.error)") }
    return result.output
  }

  /// `gdbus call` on this bus, however it ends.
  func gdbusCallResult(
    _ destination: String, _ method: String, _ arguments: [String] = [], path: String = mprisPath
  ) async throws -> ClientResult {
    try await run(
      "gdbus",
      ["call", "--address", address, "--dest", destination, "--object-path", path, "--method", method]
        + arguments)
  }

  /// A property read with `gdbus`: the strings in its printed value.
  func strings(_ destination: String, _ interface: String, _ property: String) async throws -> [String] {
    let output = try await gdbusCall(
      destination, "org.freedesktop.DBus.Properties.Get", [interface, property])
    return Self.quotedStrings(in: output)
  }

  /// The strings quoted in gdbus's output, such as `(<['a', 'b']>,)`.
  static func quotedStrings(in output: String) -> [String] {
    output.split(separator: "'", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  // MARK: - The hub's answers

  /// The hub's Players, as player names (`a` for `org.mpris.MediaPlayer2.a`).
  func hubPlayers() async throws -> [String] {
    try await strings(Self.hubName, Self.hubInterface, Hub1.Property.players).map(Self.playerName)
  }

  /// The hub's ActivePlayer, as a player name (empty when none).
  func hubActive() async throws -> String {
    try await strings(Self.hubName, Self.hubInterface, Hub1.Property.activePlayer).first.map(Self.playerName)
      ?? ""
  }

  /// The PlayerNames that whoever owns playerctld's name answers, as player names.
  func playerctldNames() async throws -> [String] {
    try await strings(Self.playerctldName, Playerctld.interface, Playerctld.Property.playerNames).map(
      Self.playerName)
  }

  static func playerName(_ busName: String) -> String {
    busName.hasPrefix("org.mpris.MediaPlayer2.")
      ? String(busName.dropFirst("org.mpris.MediaPlayer2.".count)) : busName
  }

  // MARK: - Players

  /// Calls `method` (Play, Pause…) on player `name` and returns once the player has announced
  /// `announcement` (such as `'PlaybackStatus': <'Playing'>`), so every program on the bus has been
  /// sent that signal before anything this test sends next.
  func tell(_ name: String, _ method: String, arguments: [String] = [], announcing announcement: String)
    async throws
  {
    let monitor = try SignalMonitor(on: self, sender: "org.mpris.MediaPlayer2.\(name)")
    try await monitor.ready()
    try await gdbusCall("org.mpris.MediaPlayer2.\(name)", method, arguments)
    try await monitor.wait(for: announcement)
    await monitor.stop()
  }

  /// Sets player `name`'s MPRIS `property` to `value` (a GVariant text, such as `<0.5>`) and
  /// returns once the player has announced `announcement`.
  func set(_ name: String, _ property: String, _ value: String, announcing announcement: String) async throws
  {
    try await tell(
      name, "org.freedesktop.DBus.Properties.Set",
      arguments: ["org.mpris.MediaPlayer2.Player", property, value],
      announcing: announcement)
  }
}
