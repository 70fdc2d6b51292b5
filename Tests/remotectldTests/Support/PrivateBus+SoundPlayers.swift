import BusTestSupport
import SoundTestSupport

/// The players the audio-session tests play to a sound server, and their MPRIS status.
extension PrivateBus {
  /// PLAYER's MPRIS `PlaybackStatus`, as `playerctl status` prints it.
  func status(_ player: String) async throws -> String {
    try await playerctl("--player=\(player)", "status").trimmed
  }

  /// Waits up to 20 s for PLAYER's MPRIS `PlaybackStatus` to be `expected`.
  func waitForStatus(_ player: String, _ expected: String) async throws {
    try await eventually("\(player) \(expected)", within: .seconds(20)) {
      try await status(player) == expected
    }
  }

  /// binaural (ours) as `binaural`, playing to the sound server `environment` names (its
  /// `PULSE_SERVER`), once it says Playing; it joins `children`, which the rig stops.
  func startPlayingBinaural(
    environment: [String: String], children: AudioSessionTests.Rig.Children
  ) async throws -> ChildProcess {
    let child = try ChildProcess(
      HubTools.binaural, ["--output", "pulse", "--headless", "--name", "binaural"], environment: environment
    )
    children.all.append(child)
    try await waitForPlayer("binaural", status: "Paused")
    try await playerctl("--player=binaural", "play")
    try await waitForStatus("binaural", "Playing")
    return child
  }
}

extension SoundServerUnderTest {
  /// Starts a sound server of `kind` (with `modules` loaded) and a new private bus beside it; the
  /// server is stopped when the bus cannot start.
  static func startWithBus(_ kind: Kind, loading modules: [String] = []) async throws
    -> (server: SoundServerUnderTest, bus: PrivateBus)
  {
    let server = try await start(kind, loading: modules)
    do {
      return (server, try await PrivateBus.start())
    } catch {
      await server.stop()
      throw error
    }
  }
}
