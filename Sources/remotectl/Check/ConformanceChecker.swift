internal import RemoteControlMPRIS

/// `remotectl check`: drives one MPRIS player through the rules of MPRIS 2.2 that controllers
/// depend on and reports each rule's verdict. It plays, seeks, changes tracks and the volume, loop,
/// shuffle and rate of the player, calls Raise when CanRaise is true, then puts everything back as
/// it was (a rule of its own checks that it did). It calls Quit only when asked to (``quits``).
///
/// Waits are bounded: a signal is awaited up to ``signalTimeout``; "no signal" is concluded after
/// ``quietWindow``; Position extrapolation is measured over ``measureWindow`` of real time.
struct ConformanceChecker {
  /// The player under test.
  let player: RemotePlayer
  /// Its signals, recorded from before the first call.
  let log: EventLog
  /// How long a signal that must come may take.
  var signalTimeout: Duration = .seconds(1)
  /// How long to watch for a signal that must not come.
  var quietWindow: Duration = .milliseconds(300)
  /// How long Position is watched to see it move at Rate.
  var measureWindow: Duration = .milliseconds(500)
  /// The largest error accepted on a position, in microseconds (±0.1 s).
  let tolerance: Int64 = 100_000
  /// Whether to call Quit (when CanQuit is true) once every other rule ran and the player was
  /// restored: the player exits.
  var quits = false

  /// Runs every rule, in order, and restores what it changed.
  func run() async -> [RuleResult] {
    var results: [RuleResult] = []
    let root = try? await player.properties(interface: RemotePlayer.rootInterface)
    let initial: PlayerState
    do {
      initial = try await player.state()
    } catch {
      return [
        .fail("player-properties", "GetAll on \(RemotePlayer.playerInterface) failed: \(error.message)")
      ]
    }
    results.append(checkTypes("root-properties", root ?? [:], PropertyTypes.root, answered: root != nil))
    results.append(checkTypes("player-properties", initial.properties, PropertyTypes.player, answered: true))
    results.append(checkEnumerations(initial))
    results.append(checkMetadata(initial))
    results += await QueueRules(player: player).run(hasTrackList: root?["HasTrackList"]?.boolValue == true)
    let steps: [() async -> RuleResult] = [
      { await checkPlay(initial) },
      { await checkExtrapolation() },
      { await checkSeek(initial) },
      { await checkSeekBelowZero(initial) },
      { await checkSetPosition() },
      { await checkStaleSetPosition() },
      { await checkOutOfRangeSetPosition() },
      { await checkPause(initial) },
      { await checkVolume(initial) },
      { await checkLoopAndShuffle(initial) },
      { await checkRateRange(initial) },
      { await checkWrongTypes() },
      { await checkTrackFlags() },
    ]
    for step in steps {
      // Late signals from the previous step must not answer this one.
      await log.settle()
      results.append(await step())
    }
    results.append(await checkPositionNeverSignalled())
    await log.settle()
    results.append(await checkRaise(root ?? [:]))
    results.append(await restore(initial))
    if quits { results.append(await checkQuit(root ?? [:])) }
    return results
  }

  // MARK: - Types

  private func checkTypes(
    _ rule: String, _ properties: [String: PropertyValue], _ table: [(String, String, Bool)], answered: Bool
  ) -> RuleResult {
    guard answered else { return .fail(rule, "GetAll was not answered") }
    return PropertyTypes.rule(rule, properties, table)
  }

  private func checkEnumerations(_ state: PlayerState) -> RuleResult {
    var failures: [String] = []
    if let status = state.properties["PlaybackStatus"]?.stringValue, state.playbackStatus == nil {
      failures.append("PlaybackStatus \"\(status)\" is not Playing, Paused or Stopped")
    }
    if let loop = state.properties["LoopStatus"]?.stringValue, state.loopStatus == nil {
      failures.append("LoopStatus \"\(loop)\" is not None, Track or Playlist")
    }
    if let minimum = state.properties["MinimumRate"]?.doubleValue, minimum > 1 {
      failures.append("MinimumRate \(minimum) is above 1.0")
    }
    if let maximum = state.properties["MaximumRate"]?.doubleValue, maximum < 1 {
      failures.append("MaximumRate \(maximum) is below 1.0")
    }
    return .from(
      "enumerated-values", failures: failures, passing: "PlaybackStatus, LoopStatus and rate limits valid")
  }

  private func checkMetadata(_ state: PlayerState) -> RuleResult {
    let rule = "metadata-types"
    let metadata = state.metadata
    guard !metadata.isEmpty else { return .pass(rule, "no current track, so no metadata to check") }
    var failures: [String] = []
    if metadata["mpris:trackid"] == nil { failures.append("mpris:trackid missing") }
    for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
      if let type = PropertyTypes.metadata[key], value.signature != type {
        failures.append("\(key) is \(value.signature), not \(type)")
      }
    }
    if let trackID = state.trackID, trackID.hasPrefix("/org/mpris/"),
      trackID != "/org/mpris/MediaPlayer2/TrackList/NoTrack"
    {
      failures.append("mpris:trackid \(trackID) is under /org/mpris, which MPRIS reserves")
    }
    return .from(
      rule, failures: failures,
      passing: "mpris:trackid is o, mpris:length x, and every known key has its type")
  }

  // MARK: - Playback

  private func checkPlay(_ initial: PlayerState) async -> RuleResult {
    let rule = "play-signals-playing"
    guard initial.canPlay else { return .pass(rule, "CanPlay is false; Play not tried") }
    let mark = await log.mark
    do {
      try await player.play()
    } catch {
      return .fail(rule, "CanPlay is true but Play failed: \(error.message)")
    }
    if initial.playbackStatus == .playing { return .pass(rule, "already Playing; Play accepted") }
    let event = await log.first(since: mark, within: signalTimeout) {
      $0.changedPlayerProperties?["PlaybackStatus"]?.stringValue == "Playing"
    }
    let status = try? await player.property("PlaybackStatus").stringValue
    if event == nil {
      return .fail(rule, "no PropertiesChanged with PlaybackStatus Playing within \(signalTimeout)")
    }
    if status != "Playing" { return .fail(rule, "PlaybackStatus reads \(status ?? "nothing") after Play") }
    return .pass(rule, "Play gave PropertiesChanged PlaybackStatus=Playing")
  }

  private func checkPause(_ initial: PlayerState) async -> RuleResult {
    let rule = "pause-signals-paused"
    guard initial.canPause else { return .pass(rule, "CanPause is false; Pause not tried") }
    guard (try? await player.property("PlaybackStatus").stringValue) == "Playing" else {
      return .pass(rule, "not Playing, so Pause not tried")
    }
    let mark = await log.mark
    do {
      try await player.pause()
    } catch {
      return .fail(rule, "CanPause is true but Pause failed: \(error.message)")
    }
    let event = await log.first(since: mark, within: signalTimeout) {
      $0.changedPlayerProperties?["PlaybackStatus"]?.stringValue == "Paused"
    }
    if event == nil {
      return .fail(rule, "no PropertiesChanged with PlaybackStatus Paused within \(signalTimeout)")
    }
    return .pass(rule, "Pause gave PropertiesChanged PlaybackStatus=Paused")
  }

  // MARK: - Position

  /// Reads Position and the instant it was read (halfway through the round trip).
  private func readPosition() async -> (Int64, ContinuousClock.Instant)? {
    let before = ContinuousClock.now
    guard let position = try? await player.property("Position").int64Value else { return nil }
    let after = ContinuousClock.now
    return (position, before + before.duration(to: after) / 2)
  }

  private func isPlaying() async -> Bool {
    (try? await player.property("PlaybackStatus").stringValue) == "Playing"
  }

  private func checkExtrapolation() async -> RuleResult {
    let rule = "position-moves-with-rate"
    guard await isPlaying() else { return .pass(rule, "not Playing, so Position cannot be watched moving") }
    let rate = (try? await player.property("Rate").doubleValue) ?? 1
    var measured: [String] = []
    switch await measure(rate: rate) {
    case .failure(let reason): return .fail(rule, reason.text)
    case .success(let text): measured.append(text)
    }
    // At another rate too, when the player offers one.
    let maximum = (try? await player.property("MaximumRate").doubleValue) ?? 1
    if maximum >= 1.5, rate == 1, (try? await player.setProperty("Rate", to: .double(1.5))) != nil {
      await log.settle()
      let result = await measure(rate: (try? await player.property("Rate").doubleValue) ?? 1.5)
      try? await player.setProperty("Rate", to: .double(rate))
      await log.settle()
      switch result {
      case .failure(let reason): return .fail(rule, reason.text)
      case .success(let text): measured.append(text)
      }
    }
    return .pass(rule, measured.joined(separator: "; "))
  }

  /// A failure reason, for ``Result``.
  struct Reason: Error { var text: String }

  /// Watches Position for ``measureWindow`` and compares its move with `rate` × elapsed.
  private func measure(rate: Double) async -> Result<String, Reason> {
    guard let (first, firstAt) = await readPosition() else {
      return .failure(Reason(text: "Position cannot be read"))
    }
    try? await Task.sleep(for: measureWindow)
    guard let (second, secondAt) = await readPosition() else {
      return .failure(Reason(text: "Position cannot be read"))
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

  private func checkSeek(_ initial: PlayerState) async -> RuleResult {
    let rule = "seeked-after-seek"
    guard initial.canSeek else { return .pass(rule, "CanSeek is false; Seek not tried") }
    guard let (start, startAt) = await readPosition() else { return .fail(rule, "Position cannot be read") }
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
    let playing = await isPlaying()
    let drift = playing ? Self.microseconds(startAt.duration(to: .now)) : 0
    let expected = start + offset
    if seeked < expected - tolerance || seeked > expected + drift + tolerance {
      return .fail(rule, "Seeked(\(Self.seconds(seeked)) s) after Seek(+2 s) from \(Self.seconds(start)) s")
    }
    if let (now, _) = await readPosition(),
      abs(now - seeked) > tolerance + (playing ? Self.microseconds(startAt.duration(to: .now)) : 0)
    {
      return .fail(rule, "Seeked said \(Self.seconds(seeked)) s but Position reads \(Self.seconds(now)) s")
    }
    return .pass(rule, "Seek(+2 s) from \(Self.seconds(start)) s gave Seeked(\(Self.seconds(seeked)) s)")
  }

  private func checkSeekBelowZero(_ initial: PlayerState) async -> RuleResult {
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
    guard let (position, _) = await readPosition() else { return .fail(rule, "Position cannot be read") }
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

  private func checkSetPosition() async -> RuleResult {
    let rule = "seeked-after-set-position"
    guard let state = try? await player.state() else { return .fail(rule, "GetAll failed") }
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

  private func checkStaleSetPosition() async -> RuleResult {
    let rule = "stale-set-position-ignored"
    guard let state = try? await player.state(), state.canSeek else { return .pass(rule, "CanSeek is false") }
    return await expectIgnoredSetPosition(
      rule, trackID: "/org/remotectl/check/StaleTrack", target: 7_000_000, what: "a stale track id")
  }

  private func checkOutOfRangeSetPosition() async -> RuleResult {
    let rule = "out-of-range-set-position-ignored"
    guard let state = try? await player.state(), state.canSeek, let trackID = state.trackID else {
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
    guard let (before, beforeAt) = await readPosition() else { return .fail(rule, "Position cannot be read") }
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
    guard let (after, afterAt) = await readPosition() else { return .fail(rule, "Position cannot be read") }
    let playing = await isPlaying()
    let rate = (try? await player.property("Rate").doubleValue) ?? 1
    let expected =
      before + (playing ? Int64(Double(Self.microseconds(beforeAt.duration(to: afterAt))) * rate) : 0)
    if abs(after - expected) > tolerance {
      return .fail(
        rule,
        "after SetPosition with \(what) Position reads \(Self.seconds(after)) s; expected \(Self.seconds(expected)) s "
          + "(\(Self.seconds(before)) s before, \(playing ? "Playing at Rate \(rate)" : "not playing"))")
    }
    return .pass(rule, "SetPosition with \(what) ignored")
  }

  private func checkPositionNeverSignalled() async -> RuleResult {
    let rule = "position-never-in-properties-changed"
    let offending = await log.all.filter { $0.changedPlayerProperties?["Position"] != nil }.count
    if offending > 0 { return .fail(rule, "\(offending) PropertiesChanged signals carried Position") }
    return .pass(rule, "no PropertiesChanged carried Position (\(await log.all.count) signals seen)")
  }

  // MARK: - Writable properties

  /// Sets `name` to `value` and waits for a PropertiesChanged that carries `expected`.
  /// What became of a property write the checker made.
  private enum WriteOutcome {
    /// The player announced the new value with PropertiesChanged.
    case signalled
    /// The player refused it with the package's `Unhandled` error: nothing in it handles that
    /// command (a web page's Media Session has no volume, loop or shuffle), which it says rather
    /// than ignoring the write. The rules about that property do not apply then.
    case notHandled(String)
    /// Anything else: why the rule fails.
    case failed(String)
  }

  private func setAndExpectSignal(_ name: String, _ value: PropertyValue, expected: PropertyValue) async
    -> WriteOutcome
  {
    let mark = await log.mark
    do {
      try await player.setProperty(name, to: value)
    } catch  where error.name == CommandErrorName.unhandled.rawValue {
      return .notHandled("\(name): \(error.message) (\(error.name))")
    } catch {
      return .failed("Set \(name) failed: \(error.message)")
    }
    let event = await log.first(since: mark, within: signalTimeout) {
      $0.changedPlayerProperties?[name] == expected
    }
    return event == nil
      ? .failed("no PropertiesChanged with \(name)=\(expected.gvariantText(annotate: false)) after Set")
      : .signalled
  }

  private func checkVolume(_ initial: PlayerState) async -> RuleResult {
    let rule = "volume-set-and-clamped"
    guard initial.canControl else { return .pass(rule, "CanControl is false; Volume not set") }
    let target = initial.volume == 0.25 ? 0.5 : 0.25
    switch await setAndExpectSignal("Volume", .double(target), expected: .double(target)) {
    case .signalled: break
    case .notHandled(let reason): return .pass(rule, "does not apply: the player refuses \(reason)")
    case .failed(let failure): return .fail(rule, failure)
    }
    let mark = await log.mark
    do {
      try await player.setProperty("Volume", to: .double(-0.5))
    } catch {
      return .pass(rule, "Volume set with PropertiesChanged; a negative Volume was refused (\(error.name))")
    }
    // A write is answered once accepted and applied just after: wait (bounded) for the player
    // to announce its new Volume, then read back what it holds.
    _ = await log.first(since: mark, within: signalTimeout) { $0.changedPlayerProperties?["Volume"] != nil }
    let volume = try? await player.property("Volume").doubleValue
    if volume != 0 {
      return .fail(
        rule, "Volume -0.5 reads back \(volume.map { "\($0)" } ?? "nothing"), not 0 (MPRIS: negative is 0)")
    }
    return .pass(rule, "Volume set with PropertiesChanged; -0.5 clamped to 0")
  }

  private func checkLoopAndShuffle(_ initial: PlayerState) async -> RuleResult {
    let rule = "loop-and-shuffle-signalled"
    guard initial.canControl else { return .pass(rule, "CanControl is false; not set") }
    var failures: [String] = []
    var tried: [String] = []
    var notHandled: [String] = []
    func record(_ outcome: WriteOutcome, _ name: String) {
      switch outcome {
      case .signalled: tried.append(name)
      case .notHandled(let reason): notHandled.append(reason)
      case .failed(let failure):
        tried.append(name)
        failures.append(failure)
      }
    }
    if let loop = initial.loopStatus {
      let target = loop == .playlist ? "Track" : "Playlist"
      record(await setAndExpectSignal("LoopStatus", .string(target), expected: .string(target)), "LoopStatus")
    }
    if let shuffle = initial.shuffle {
      record(await setAndExpectSignal("Shuffle", .bool(!shuffle), expected: .bool(!shuffle)), "Shuffle")
    }
    if tried.isEmpty {
      return .pass(
        rule,
        notHandled.isEmpty
          ? "neither LoopStatus nor Shuffle is implemented (both optional)"
          : "does not apply: the player refuses " + notHandled.joined(separator: "; "))
    }
    return .from(
      rule, failures: failures, passing: tried.joined(separator: " and ") + " set with PropertiesChanged")
  }

  private func checkRateRange(_ initial: PlayerState) async -> RuleResult {
    let rule = "rate-outside-range-refused"
    guard let maximum = initial.properties["MaximumRate"]?.doubleValue, maximum.isFinite else {
      return .pass(rule, "no finite MaximumRate")
    }
    let before = initial.rate
    let target = maximum * 2 + 1
    let mark = await log.mark
    do {
      try await player.setProperty("Rate", to: .double(target))
    } catch {
      return .pass(rule, "Rate \(target) above MaximumRate \(maximum) refused (\(error.name))")
    }
    _ = await log.first(since: mark, within: quietWindow) { $0.changedPlayerProperties?["Rate"] != nil }
    let rate = (try? await player.property("Rate").doubleValue) ?? before
    if rate > maximum {
      try? await player.setProperty("Rate", to: .double(before))
      return .fail(rule, "Rate \(target) above MaximumRate \(maximum) was accepted (reads \(rate))")
    }
    return .pass(rule, "Rate \(target) above MaximumRate \(maximum) ignored")
  }

  private func checkWrongTypes() async -> RuleResult {
    let rule = "wrong-argument-types-refused"
    var failures: [String] = []
    let calls: [(String, String, [PropertyValue])] = [
      ("Seek(s)", "Seek", [.string("ten")]),
      (
        "SetPosition(s, x) with the track id as a string", "SetPosition",
        [.string("/org/remotectl/check/T"), .int64(0)]
      ),
      ("OpenUri(i)", "OpenUri", [.int32(1)]),
    ]
    for (label, member, arguments) in calls {
      if (try? await player.call(member, arguments: arguments)) != nil {
        failures.append("\(label) was accepted")
      }
    }
    let setVolume: Void? = try? await player.setProperty("Volume", to: .string("loud"))
    if setVolume != nil { failures.append("Set Volume to a string was accepted") }
    return .from(
      rule, failures: failures,
      passing: "Seek(s), SetPosition(s, x), OpenUri(i) and Volume=s answered with errors")
  }

  // MARK: - Can* flags against methods

  /// CanGoNext and CanGoPrevious against what Next and Previous do: a true flag must change
  /// the track (a Metadata PropertiesChanged with another mpris:trackid), a false one must not.
  private func checkTrackFlags() async -> RuleResult {
    let rule = "can-go-next-previous-match-methods"
    var failures: [String] = []
    var seen: [String] = []
    for (flag, member) in [("CanGoNext", "Next"), ("CanGoPrevious", "Previous")] {
      await log.settle()
      guard let state = try? await player.state() else { return .fail(rule, "GetAll failed") }
      let allowed = flag == "CanGoNext" ? state.canGoNext : state.canGoPrevious
      let before = state.trackID
      let mark = await log.mark
      var failure: String?
      do {
        _ = try await player.call(member)
      } catch {
        failure = error.message
      }
      let changed = await log.first(since: mark, within: allowed ? signalTimeout : quietWindow) {
        guard let metadata = $0.changedPlayerProperties?["Metadata"]?.dictionaryValue else { return false }
        return metadata["mpris:trackid"]?.unwrapped.stringValue != before
      }
      switch (allowed, changed != nil) {
      case (true, false):
        failures.append(
          "\(flag) is true but \(member) " + (failure.map { "failed: \($0)" } ?? "did not change the track"))
      case (false, true):
        failures.append("\(flag) is false but \(member) changed the track")
      default:
        seen.append("\(flag)=\(allowed)")
      }
    }
    return .from(
      rule, failures: failures, passing: seen.joined(separator: ", ") + ", and Next/Previous did accordingly")
  }

  // MARK: - Units

  static func microseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
  }

  static func seconds(_ microseconds: Int64) -> String {
    let value = Double(microseconds) / 1_000_000
    return String(Double(Int64((value * 1000).rounded())) / 1000)
  }
}
