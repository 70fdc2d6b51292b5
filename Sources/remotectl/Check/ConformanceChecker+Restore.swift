internal import RemoteControlMPRIS

extension ConformanceChecker {
  // MARK: - Restoring

  /// The most Previous (then Next) calls made to find the track the player was on.
  static let trackWalkLimit = 32

  /// Puts the player back as it was before the check: its track, then its volume, loop status,
  /// shuffle and rate, its playback status, and its position (within ±1 s; not for a stopped
  /// player). Reads the player afterwards and reports what differs.
  func restore(_ initial: PlayerState) async -> RuleResult {
    let rule = "check-restores-the-player"
    await log.settle()
    var failures: [String] = []
    if let trackID = initial.trackID, await !returnToTrack(trackID) {
      failures.append("could not go back to track \(trackID)")
    }
    if initial.canControl {
      if let volume = initial.volume { try? await player.setProperty(.volume, to: .double(volume)) }
      if let loop = initial.loopStatus {
        try? await player.setProperty(.loopStatus, to: .string(loop.rawValue))
      }
      if let shuffle = initial.shuffle { try? await player.setProperty(.shuffle, to: .bool(shuffle)) }
      if initial[.rate] != nil {
        try? await player.setProperty(.rate, to: .double(initial.rate))
      }
    }
    await restoreStatus(initial.playbackStatus)
    if initial.playbackStatus != .stopped, let trackID = initial.trackID, let position = initial.position {
      try? await player.setPosition(trackID: trackID, microseconds: position)
    }
    await log.settle()
    guard let now = try? await player.state() else { return .fail(rule, "GetAll failed after restoring") }
    failures += Self.differences(from: initial, to: now)
    return .from(
      rule, failures: failures,
      passing: "track, position (±1 s), loop, shuffle, rate, volume and status are as they were")
  }

  /// What differs between the state before the check and after restoring, in words.
  static func differences(from initial: PlayerState, to now: PlayerState) -> [String] {
    var differences: [String] = []
    func compare<Value: Equatable>(_ name: String, _ before: Value?, _ after: Value?) {
      if before != nil, before != after {
        differences.append(
          "\(name) is \(after.map { "\($0)" } ?? "unset"), was \(before.map { "\($0)" } ?? "unset")")
      }
    }
    compare("the track", initial.trackID, now.trackID)
    compare(PlayerProperty.volume.rawValue, initial.volume, now.volume)
    compare(PlayerProperty.loopStatus.rawValue, initial.loopStatus?.rawValue, now.loopStatus?.rawValue)
    compare(PlayerProperty.shuffle.rawValue, initial.shuffle, now.shuffle)
    compare(PlayerProperty.rate.rawValue, initial[.rate]?.doubleValue, now[.rate]?.doubleValue)
    compare(
      PlayerProperty.playbackStatus.rawValue, initial.playbackStatus?.rawValue, now.playbackStatus?.rawValue)
    if initial.playbackStatus == .paused, let before = initial.position, let after = now.position,
      abs(after - before) > 1_000_000
    {
      differences.append("Position is \(seconds(after)) s, was \(seconds(before)) s")
    }
    return differences
  }

  /// Walks back with Previous, then (around the playlist) forward with Next, until the player is
  /// on `trackID`; `false` when it cannot be found within ``trackWalkLimit`` steps each way.
  private func returnToTrack(_ trackID: String) async -> Bool {
    var unchanged = 0
    for _ in 0..<Self.trackWalkLimit {
      guard let state = try? await player.state() else { return false }
      if state.trackID == trackID { return true }
      // A player may restart the track on the first Previous: allow one call that stays.
      guard state.canGoPrevious, unchanged < 2 else { break }
      unchanged = await step(.previous, from: state.trackID) ? 0 : unchanged + 1
    }
    // Next wraps around the playlist only with LoopStatus Playlist; the loop is restored after.
    try? await player.setProperty(.loopStatus, to: .string(LoopStatus.playlist.rawValue))
    await log.settle()
    var seen: Set<String> = []
    for _ in 0..<Self.trackWalkLimit {
      guard let state = try? await player.state() else { return false }
      if state.trackID == trackID { return true }
      guard state.canGoNext, let current = state.trackID, seen.insert(current).inserted else { return false }
      guard await step(.next, from: current) else { return false }
    }
    return false
  }

  /// Calls `method` (Next or Previous) and waits for the track to change; whether it did.
  private func step(_ method: PlayerMethod, from trackID: String?) async -> Bool {
    let mark = await log.mark
    guard (try? await player.call(method)) != nil else { return false }
    let changed = await log.first(since: mark, within: signalTimeout) {
      guard let metadata = $0.changedPlayerProperties?[property: .metadata]?.dictionaryValue else {
        return false
      }
      return metadata[MetadataKey.trackID.rawValue]?.unwrapped.stringValue != trackID
    }
    return changed != nil
  }

  /// Brings the playback status back to `status`.
  private func restoreStatus(_ status: PlaybackStatus?) async {
    let now = (try? await player.state())?.playbackStatus
    guard let status, now != status else { return }
    switch status {
    case .playing:
      try? await player.play()
    case .paused:
      // A stopped player may not pause: play first.
      if now == .stopped { try? await player.play() }
      try? await player.pause()
    case .stopped:
      try? await player.stop()
    }
  }
}
