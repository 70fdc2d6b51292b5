internal import RemoteControlMPRIS

/// `volume` on the player's own streams on the sound server, through the hub's audio session:
/// for players whose MPRIS `Volume` is missing or read-only (Chromium, Plexamp…), and with
/// `--streams`. Levels are on the scale `pactl` shows as a percent (0.3 is 30 %).
enum StreamVolumeVerb {
  /// Whether the player offers a `Volume` it lets a controller set
  /// (`PlayerProperty.offersWritableVolume(volume:canControl:)`, the rule the hub follows too).
  static func offersWritableVolume(_ state: PlayerState) -> Bool {
    PlayerProperty.offersWritableVolume(volume: state.volume, canControl: state[.canControl]?.boolValue)
  }

  /// Prints the level of the streams of `identity` (`change` `nil`), or sets it: to the level,
  /// or by it from the level now. Without `explicitly` (no `--streams`: the player offers no
  /// writable `Volume`), a missing hub leaves the player skipped, as playerctl skips it.
  static func perform(
    _ change: VolumeChange?, on identity: PlayerIdentity, session: BusSession, explicitly: Bool
  ) async throws(ControlError) -> VerbOutcome {
    if !explicitly, await HubClient(session: session).owner() == nil { return .skipped }
    let client = AudioSessionClient(session: session)
    guard let change else {
      return .printed(CFormat.fixed(shown(try await client.streamVolume(of: identity.busName))))
    }
    let current: Double
    switch change {
    case .absolute: current = 0
    case .relative: current = try await client.streamVolume(of: identity.busName)
    }
    _ = try await client.setStreamVolume(min(max(change.level(from: current), 0), 1), of: identity.busName)
    return .done
  }

  /// Sets MPRIS `Volume` as playerctl does; when the player takes the write but its `Volume`
  /// reads back unchanged (Chromium's accepts any value and stays at 1), sets its own streams
  /// instead, through the hub, when one runs.
  static func setThroughMPRIS(
    _ change: VolumeChange, on player: RemotePlayer, identity: PlayerIdentity, state: PlayerState,
    session: BusSession
  ) async throws(ControlError) -> VerbOutcome {
    let outcome = try await VerbPerformer.perform(.volume(change), on: player, state: state)
    let wanted = max(change.level(from: state.volume ?? 0), 0)
    // Expected: a Volume that cannot be read back leaves the player's answer to the write as it is.
    guard outcome == .done, let before = state.volume, abs(wanted - before) > 0.001,
      let after = try? await player.property(.volume).doubleValue, abs(after - before) <= 0.000_001
    else { return outcome }
    // Without a hub the write stands as the player took it, as playerctl leaves it.
    guard await HubClient(session: session).owner() != nil else { return outcome }
    return try await perform(change, on: identity, session: session, explicitly: true)
  }

  /// `level` to four decimals: the server keeps a volume in steps of 1/65536, so 0.3 reads back
  /// as 0.300003; four decimals show what was set, and what pactl shows as a percent.
  static func shown(_ level: Double) -> Double {
    (level * 10_000).rounded() / 10_000
  }
}
