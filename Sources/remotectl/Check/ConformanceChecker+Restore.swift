internal import RemoteControlMPRIS

extension ConformanceChecker {
  // MARK: - Restoring

  /// The most Previous (then Next) calls made to find the track the player was on.
  static let trackWalkLimit = 32

  /// Puts the player back as it was before the check: its track, then its volume, loop status,
  /// shuffle and rate, its playback status, and its position (within ±1 s; not for a stopped
  /// player). Reads the player afterwards and reports what differs, with what the player refused
  /// on the way (a refusal that left nothing different was harmless: the value was back already).
  func restore(_ initial: PlayerState) async -> RuleResult {
    let rule = "check-restores-the-player"
    await log.settle()
    var failures: [String] = []
    if let trackID = initial.trackID, let failure = await returnToTrack(trackID) {
      failures.append("could not go back to track \(trackID): \(failure)")
    }
    var refused: [String?] = []
    if initial.canControl {
      if let volume = initial.volume {
        refused.append(
          await Self.refusal("Volume") { () async throws(ClientError) in
            try await player.setProperty(.volume, to: .double(volume))
          })
      }
      if let loop = initial.loopStatus {
        refused.append(
          await Self.refusal("LoopStatus") { () async throws(ClientError) in
            try await player.setProperty(.loopStatus, to: .string(loop.rawValue))
          })
      }
      if let shuffle = initial.shuffle {
        refused.append(
          await Self.refusal("Shuffle") { () async throws(ClientError) in
            try await player.setProperty(.shuffle, to: .bool(shuffle))
          })
      }
      if initial[.rate] != nil {
        refused.append(
          await Self.refusal("Rate") { () async throws(ClientError) in
            try await player.setProperty(.rate, to: .double(initial.rate))
          })
      }
    }
    refused.append(await restoreStatus(initial.playbackStatus))
    if initial.playbackStatus != .stopped, let trackID = initial.trackID, let position = initial.position {
      refused.append(
        await Self.refusal("SetPosition") { () async throws(ClientError) in
          try await player.setPosition(trackID: trackID, microseconds: position)
        })
    }
    await log.settle()
    let read = await self.state()
    guard case .success(let now) = read else { return .fail(rule, read.failureText + " after restoring") }
    failures += Self.differences(from: initial, to: now)
    if !failures.isEmpty { failures += refused.compactMap { $0.map { "refused to set back \($0)" } } }
    return .from(
      rule, failures: failures,
      passing: "track, position (±1 s), loop, shuffle, rate, volume and status are as they were")
  }

  /// What `body` threw, as `WHAT: the error's message`; `nil` when it succeeded.
  private static func refusal(_ what: String, _ body: () async throws(ClientError) -> Void) async -> String? {
    do {
      try await body()
      return nil
    } catch {
      return "\(what): \(error.message)"
    }
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
  /// on `trackID`; `nil` when it is, else why it could not be found within ``trackWalkLimit``
  /// steps each way.
  private func returnToTrack(_ trackID: String) async -> String? {
    var unchanged = 0
    var refusal: String?
    for _ in 0..<Self.trackWalkLimit {
      let read = await self.state()
      guard case .success(let state) = read else { return read.failureText }
      if state.trackID == trackID { return nil }
      // A player may restart the track on the first Previous: allow one call that stays.
      guard state.canGoPrevious, unchanged < 2 else { break }
      switch await step(.previous, from: state.trackID) {
      case .success(let changed): unchanged = changed ? 0 : unchanged + 1
      case .failure(let error):
        refusal = "Previous failed: \(error.message)"
        unchanged += 1
      }
    }
    // Next wraps around the playlist only with LoopStatus Playlist; the loop is restored after.
    // A player without LoopStatus (it is optional), or refusing it, is walked forward as it is.
    try? await player.setProperty(.loopStatus, to: .string(LoopStatus.playlist.rawValue))
    await log.settle()
    let notFound = refusal ?? "not found within \(Self.trackWalkLimit) Previous and Next"
    var seen: Set<String> = []
    for _ in 0..<Self.trackWalkLimit {
      let read = await self.state()
      guard case .success(let state) = read else { return read.failureText }
      if state.trackID == trackID { return nil }
      guard state.canGoNext, let current = state.trackID, seen.insert(current).inserted else {
        return notFound
      }
      switch await step(.next, from: current) {
      case .success(true): continue
      case .success(false): return notFound
      case .failure(let error): return "Next failed: \(error.message)"
      }
    }
    return notFound
  }

  /// Calls `method` (Next or Previous) and waits for the track to change; whether it did, or
  /// the call's error.
  private func step(_ method: PlayerMethod, from trackID: String?) async -> Result<Bool, ClientError> {
    let mark = await log.mark
    do {
      try await player.call(method)
    } catch {
      return .failure(error)
    }
    let changed = await log.first(since: mark, within: signalTimeout) {
      guard let metadata = $0.changedPlayerProperties?[property: .metadata]?.dictionaryValue else {
        return false
      }
      return metadata[MetadataKey.trackID.rawValue]?.unwrapped.stringValue != trackID
    }
    return .success(changed != nil)
  }

  /// Brings the playback status back to `status`; what the player refused, or `nil`.
  private func restoreStatus(_ status: PlaybackStatus?) async -> String? {
    guard let status else { return nil }
    let read = await self.state()
    guard case .success(let state) = read else { return "PlaybackStatus (\(read.failureText))" }
    let now = state.playbackStatus
    guard now != status else { return nil }
    return await Self.refusal("PlaybackStatus \(status.rawValue)") { () async throws(ClientError) in
      switch status {
      case .playing:
        try await player.play()
      case .paused:
        // A stopped player may not pause: play first.
        if now == .stopped { try await player.play() }
        try await player.pause()
      case .stopped:
        try await player.stop()
      }
    }
  }
}
