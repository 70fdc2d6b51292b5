import DBus
import Logging
import PlayerView
import RemoteControlMPRIS
import Synchronization

extension PlayerDirectory {
  /// The properties whose change may change a player's stream level: its status, its volume and
  /// whether it can be controlled.
  static let streamLevelProperties: Set<String> = Set(
    [PlayerProperty.playbackStatus, .volume, .canControl].map(\.rawValue))

  // MARK: - The volume of a player's own streams

  /// How many times the level of a player's streams is read after its status changed, and how
  /// long apart: its stream starts a moment after it says it plays.
  static let streamLevelReads = 3
  static let streamLevelReadInterval = Duration.milliseconds(300)

  /// `volume` on a player whose volume control is its streams: set through the audio session;
  /// the level set is shown to every client.
  func setStreamLevel(_ level: Double, of record: PlayerRecord) async throws(APIError) {
    guard let streamVolumes else {
      throw APIError(.notOffered, "\(record.name) does not offer volume now")
    }
    let owner = record.mirror.owner.rawValue
    let set = try await streamVolumes.setStreamLevel(level, of: owner)
    storeStreamLevel(set, of: owner)
  }

  /// After `volume` was written to the MPRIS `Volume` of `record`'s player: when it took the
  /// write and stayed as it was (Chromium's), its streams are set instead, and its volume control
  /// is its streams from then on. The view has taken in what the player announced before its
  /// reply, so its mirror is the player's answer.
  func setStreamsIfIgnored(_ volume: Double, of record: PlayerRecord) async throws(APIError) {
    guard streamVolumes != nil, let before = record.volume, abs(volume - before) > 0.001,
      let after = view.mirror(of: record.mirror.owner)?[player: .volume]?.doubleValue,
      abs(after - before) <= 0.000_001
    else { return }
    let owner = record.mirror.owner.rawValue
    logger.info("a player ignored a Volume write: setting its streams", metadata: ["player": "\(owner)"])
    state.withLock { state in
      state.ignoresVolume.insert(owner)
      for (_, record) in state.records where record.mirror.owner.rawValue == owner {
        var updated = record
        updated.ignoresVolume = true
        publish(updated, in: &state)
      }
    }
    try await setStreamLevel(volume, of: record)
  }

  /// Reads the level of the streams of every player whose volume control is its streams (when
  /// the directory starts).
  func readStreamLevelsNow() {
    for mirror in view.mirrors where mirror.isLoaded { readStreamLevel(of: mirror) }
  }

  /// After the view's `change`: a player whose volume control is its streams has their level
  /// read again when its status changes (its streams come and go as it plays); a player gone is
  /// forgotten.
  func readStreamLevel(after change: PlayerView.Change) {
    guard streamVolumes != nil else { return }
    switch change {
    case .propertiesChanged(let owner, let interface, let names, _)
    where interface == MediaPlayerInterface.player.rawValue
      && names.contains(where: Self.streamLevelProperties.contains):
      if let mirror = view.mirror(of: owner) { readStreamLevel(of: mirror) }
    case .nameVanished(_, let owner, .some):
      state.withLock { state in
        state.streamLevels[owner.rawValue] = nil
        state.ignoresVolume.remove(owner.rawValue)
      }
    default:
      break
    }
  }

  /// Reads the level of `mirror`'s streams, when its volume control is its streams: up to
  /// ``streamLevelReads`` times while it has none; none found shows no level.
  private func readStreamLevel(of mirror: PlayerMirror) {
    guard let streamVolumes else { return }
    var probe = PlayerRecord(
      busName: mirror.busNames.first?.rawValue ?? "", mirror: mirror, artworkVersion: nil)
    probe.reachesStreams = true
    guard probe.volumeControl == .streams else { return }
    let owner = mirror.owner.rawValue
    Task { [self] in
      for attempt in 1...Self.streamLevelReads {
        do throws(APIError) {
          return storeStreamLevel(try await streamVolumes.streamLevel(of: owner), of: owner)
        } catch {
          guard attempt < Self.streamLevelReads, error.code == .notOffered else {
            logger.debug(
              "no level for a player's streams", metadata: ["player": "\(owner)", "why": "\(error.message)"])
            return storeStreamLevel(nil, of: owner)
          }
        }
        do {
          try await Task.sleep(for: Self.streamLevelReadInterval)
        } catch {
          return
        }
      }
    }
  }

  /// Keeps `level` as the level of `owner`'s streams and tells clients of each of its records.
  private func storeStreamLevel(_ level: Double?, of owner: String) {
    state.withLock { state in
      state.streamLevels[owner] = level
      for (_, record) in state.records where record.mirror.owner.rawValue == owner {
        var updated = record
        updated.streamLevel = level
        publish(updated, in: &state)
      }
    }
  }
}
