internal import RemoteControlMPRIS

/// The rules on Position: extrapolation at Rate, Seek, SetPosition, and Position never signalled.
extension ConformanceChecker {
  // MARK: - Position

  /// Reads Position and the instant it was read (halfway through the round trip).
  private func readPosition() async -> Result<(Int64, ContinuousClock.Instant), Reason> {
    let before = ContinuousClock.now
    let value: PropertyValue
    do {
      value = try await player.property(.position)
    } catch {
      return .failure(Reason(text: "Position cannot be read: \(error.message)"))
    }
    guard let position = value.int64Value else {
      return .failure(Reason(text: "Position is \(value.signature), not x"))
    }
    let after = ContinuousClock.now
    return .success((position, before + before.duration(to: after) / 2))
  }

  func checkExtrapolation() async -> RuleResult {
    let rule = "position-moves-with-rate"
    let playing = await self.isPlaying()
    guard case .success(let isPlaying) = playing else { return .fail(rule, playing.failureText) }
    guard isPlaying else { return .pass(rule, "not Playing, so Position cannot be watched moving") }
    let state = await self.state()
    guard case .success(let initial) = state else { return .fail(rule, state.failureText) }
    let rate = initial[.rate]?.doubleValue ?? 1
    var measured: [String] = []
    switch await measure(rate: rate) {
    case .failure(let reason): return .fail(rule, reason.text)
    case .success(let text): measured.append(text)
    }
    // At another rate too, when the player offers one (a player may refuse 1.5 all the same:
    // MaximumRate is a bound, not a promise, and then Rate 1 is what is measured).
    let maximum = initial[.maximumRate]?.doubleValue ?? 1
    guard maximum >= 1.5, rate == 1,
      case .success = await Self.result({ () async throws(ClientError) in
        try await player.setProperty(.rate, to: .double(1.5))
      })
    else { return .pass(rule, measured.joined(separator: "; ")) }
    await log.settle()
    let result: Result<String, Reason>
    switch await self.rate(absent: 1.5) {
    case .success(let faster): result = await measure(rate: faster)
    case .failure(let reason): result = .failure(reason)
    }
    do {
      try await player.setProperty(.rate, to: .double(rate))
    } catch {
      return .fail(rule, "Rate 1.5 was accepted but setting Rate back to \(rate) failed: \(error.message)")
    }
    await log.settle()
    switch result {
    case .failure(let reason): return .fail(rule, reason.text)
    case .success(let text): measured.append(text)
    }
    return .pass(rule, measured.joined(separator: "; "))
  }

  /// Watches Position for ``measureWindow`` and compares its move with `rate` × elapsed.
  private func measure(rate: Double) async -> Result<String, Reason> {
    let firstRead = await readPosition()
    guard case .success(let (first, firstAt)) = firstRead else {
      return .failure(Reason(text: firstRead.failureText))
    }
    // Only cancellation ends the sleep early, and a cancelled check is being stopped anyway.
    try? await Task.sleep(for: measureWindow)
    let secondRead = await readPosition()
    guard case .success(let (second, secondAt)) = secondRead else {
      return .failure(Reason(text: secondRead.failureText))
    }
    let elapsed = Self.microseconds(firstAt.duration(to: secondAt))
    let expected = Int64(Double(elapsed) * rate)
    let moved = second - first
    let text = "Position moved \(Self.seconds(moved)) s in \(Self.seconds(elapsed)) s at Rate \(rate)"
    if abs(moved - expected) > tolerance {
      return .failure(Reason(text: text + "; expected \(Self.seconds(expected)) s ±0.1"))
    }
    return .success(text)
  }

  func checkSeek(_ initial: PlayerState) async -> RuleResult {
    let rule = "seeked-after-seek"
    guard initial.canSeek else { return .pass(rule, "CanSeek is false; Seek not tried") }
    let startRead = await readPosition()
    guard case .success(let (start, startAt)) = startRead else { return .fail(rule, startRead.failureText) }
    let offset: Int64 = 2_000_000
    let mark = await log.mark
    do {
      try await player.seek(by: offset)
    } catch {
      return .fail(rule, "CanSeek is true but Seek failed: \(error.message)")
    }
    guard
      let seeked = await log.first(since: mark, within: signalTimeout, where: { $0.seekedPosition != nil })?
        .seekedPosition
    else { return .fail(rule, "no Seeked signal within \(signalTimeout) after Seek(+2 s)") }
    let isPlaying = await self.isPlaying()
    guard case .success(let playing) = isPlaying else { return .fail(rule, isPlaying.failureText) }
    let drift = playing ? Self.microseconds(startAt.duration(to: .now)) : 0
    let expected = start + offset
    if seeked < expected - restartLag - tolerance || seeked > expected + drift + tolerance {
      return .fail(rule, "Seeked(\(Self.seconds(seeked)) s) after Seek(+2 s) from \(Self.seconds(start)) s")
    }
    let nowRead = await readPosition()
    guard case .success(let (now, _)) = nowRead else {
      return .fail(rule, "after Seeked: " + nowRead.failureText)
    }
    if abs(now - seeked) > tolerance + (playing ? Self.microseconds(startAt.duration(to: .now)) : 0) {
      return .fail(rule, "Seeked said \(Self.seconds(seeked)) s but Position reads \(Self.seconds(now)) s")
    }
    return .pass(rule, "Seek(+2 s) from \(Self.seconds(start)) s gave Seeked(\(Self.seconds(seeked)) s)")
  }

  func checkSeekBelowZero(_ initial: PlayerState) async -> RuleResult {
    let rule = "seek-below-zero-clamps"
    guard initial.canSeek else { return .pass(rule, "CanSeek is false; Seek not tried") }
    let mark = await log.mark
    let startedAt = ContinuousClock.now
    do {
      try await player.seek(by: -3_600_000_000)
    } catch {
      return .fail(rule, "Seek(-1 h) failed: \(error.message)")
    }
    let seeked = await log.first(since: mark, within: signalTimeout, where: { $0.seekedPosition != nil })?
      .seekedPosition
    let read = await readPosition()
    guard case .success(let (position, _)) = read else { return .fail(rule, read.failureText) }
    let slack = tolerance + Self.microseconds(startedAt.duration(to: .now))
    if position < 0 || position > slack {
      return .fail(rule, "after Seek(-1 h) Position is \(Self.seconds(position)) s, not 0")
    }
    guard let seeked else { return .fail(rule, "Position went to 0 but no Seeked signal came") }
    if seeked < 0 || seeked > slack {
      return .fail(rule, "Seeked(\(Self.seconds(seeked)) s) after Seek(-1 h), not 0")
    }
    return .pass(rule, "Seek(-1 h) went to 0 with Seeked(\(Self.seconds(seeked)) s)")
  }

  func checkSetPosition() async -> RuleResult {
    let rule = "seeked-after-set-position"
    let read = await self.state()
    guard case .success(let state) = read else { return .fail(rule, read.failureText) }
    guard state.canSeek else { return .pass(rule, "CanSeek is false; SetPosition not tried") }
    guard let trackID = state.trackID else {
      return .pass(rule, "no mpris:trackid, so SetPosition cannot be called")
    }
    let target: Int64 = 3_000_000
    if let length = state.length, length <= target + 1_000_000 {
      return .pass(rule, "track too short to try")
    }
    let mark = await log.mark
    let startedAt = ContinuousClock.now
    do {
      try await player.setPosition(trackID: trackID, microseconds: target)
    } catch {
      return .fail(rule, "SetPosition(\(trackID), 3 s) failed: \(error.message)")
    }
    guard
      let seeked = await log.first(since: mark, within: signalTimeout, where: { $0.seekedPosition != nil })?
        .seekedPosition
    else { return .fail(rule, "no Seeked signal within \(signalTimeout) after SetPosition(3 s)") }
    let slack = tolerance + Self.microseconds(startedAt.duration(to: .now))
    if abs(seeked - target) > slack {
      return .fail(rule, "Seeked(\(Self.seconds(seeked)) s) after SetPosition(3 s)")
    }
    return .pass(rule, "SetPosition(3 s) gave Seeked(\(Self.seconds(seeked)) s)")
  }

  func checkStaleSetPosition() async -> RuleResult {
    let rule = "stale-set-position-ignored"
    let read = await self.state()
    guard case .success(let state) = read else { return .fail(rule, read.failureText) }
    guard state.canSeek else { return .pass(rule, "CanSeek is false") }
    return await expectIgnoredSetPosition(
      rule, trackID: "/org/remotectl/check/StaleTrack", target: 7_000_000, what: "a stale track id")
  }

  func checkOutOfRangeSetPosition() async -> RuleResult {
    let rule = "out-of-range-set-position-ignored"
    let read = await self.state()
    guard case .success(let state) = read else { return .fail(rule, read.failureText) }
    guard state.canSeek, let trackID = state.trackID else {
      return .pass(rule, "CanSeek is false or no mpris:trackid")
    }
    let negative = await expectIgnoredSetPosition(rule, trackID: trackID, target: -5_000_000, what: "-5 s")
    guard negative.passed else { return negative }
    guard let length = state.length, length > 0 else {
      return .pass(rule, "-5 s ignored; no mpris:length to go past")
    }
    let past = await expectIgnoredSetPosition(
      rule, trackID: trackID, target: length + 60_000_000, what: "length + 60 s")
    return past.passed ? .pass(rule, "SetPosition to -5 s and past the end both ignored") : past
  }

  /// Calls SetPosition(`trackID`, `target`) and expects nothing to happen: no Seeked in the quiet
  /// window and Position where it would have been.
  private func expectIgnoredSetPosition(_ rule: String, trackID: String, target: Int64, what: String) async
    -> RuleResult
  {
    // Each read's instant is its call's midpoint, off by up to half the call's round trip: what a
    // loaded machine adds to the slack, so that a busy bus never fails a player that ignored it.
    let beforeRead = ContinuousClock.now
    let beforeResult = await readPosition()
    guard case .success(let (before, beforeAt)) = beforeResult else {
      return .fail(rule, beforeResult.failureText)
    }
    var uncertainty = beforeRead.duration(to: .now) / 2
    let mark = await log.mark
    do {
      try await player.setPosition(trackID: trackID, microseconds: target)
    } catch {
      // Refusing with an error is also "not acting on it".
    }
    let seeked = await log.first(since: mark, within: quietWindow) { $0.seekedPosition != nil }?
      .seekedPosition
    if let seeked {
      return .fail(rule, "SetPosition with \(what) was acted on: Seeked(\(Self.seconds(seeked)) s)")
    }
    let afterRead = ContinuousClock.now
    let afterResult = await readPosition()
    guard case .success(let (after, afterAt)) = afterResult else {
      return .fail(rule, afterResult.failureText)
    }
    uncertainty += afterRead.duration(to: .now) / 2
    let isPlaying = await self.isPlaying()
    guard case .success(let playing) = isPlaying else { return .fail(rule, isPlaying.failureText) }
    let rateRead = await self.rate(absent: 1)
    guard case .success(let rate) = rateRead else { return .fail(rule, rateRead.failureText) }
    let expected =
      before + (playing ? Int64(Double(Self.microseconds(beforeAt.duration(to: afterAt))) * rate) : 0)
    if abs(after - expected) > tolerance + (playing ? Self.microseconds(uncertainty) : 0) {
      return .fail(
        rule,
        "after SetPosition with \(what) Position reads \(Self.seconds(after)) s; expected \(Self.seconds(expected)) s "
          + "(\(Self.seconds(before)) s before, \(playing ? "Playing at Rate \(rate)" : "not playing"))")
    }
    return .pass(rule, "SetPosition with \(what) ignored")
  }

  func checkPositionNeverSignalled() async -> RuleResult {
    let rule = "position-never-in-properties-changed"
    let offending = await log.all.filter { $0.changedPlayerProperties?[property: .position] != nil }.count
    if offending > 0 { return .fail(rule, "\(offending) PropertiesChanged signals carried Position") }
    return .pass(rule, "no PropertiesChanged carried Position (\(await log.all.count) signals seen)")
  }
}
