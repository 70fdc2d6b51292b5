internal import DBus
internal import RemoteControlMPRIS

/// The rules on the writable properties: Volume, LoopStatus, Shuffle, Rate, and values of the wrong type.
extension ConformanceChecker {
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

  private func setAndExpectSignal(_ property: PlayerProperty, _ value: PropertyValue, expected: PropertyValue)
    async -> WriteOutcome
  {
    let name = property.rawValue
    let mark = await log.mark
    do {
      try await player.setProperty(property, to: value)
    } catch  where error.name == CommandErrorName.unhandled.rawValue {
      return .notHandled("\(name): \(error.message) (\(error.name))")
    } catch {
      return .failed("Set \(name) failed: \(error.message)")
    }
    let event = await log.first(since: mark, within: signalTimeout) {
      $0.changedPlayerProperties?[property: property] == expected
    }
    return event == nil
      ? .failed("no PropertiesChanged with \(name)=\(expected.gvariantText(annotate: false)) after Set")
      : .signalled
  }

  func checkVolume(_ initial: PlayerState) async -> RuleResult {
    let rule = "volume-set-and-clamped"
    guard initial.canControl else { return .pass(rule, "CanControl is false; Volume not set") }
    let target = initial.volume == 0.25 ? 0.5 : 0.25
    switch await setAndExpectSignal(.volume, .double(target), expected: .double(target)) {
    case .signalled: break
    case .notHandled(let reason): return .pass(rule, "does not apply: the player refuses \(reason)")
    case .failed(let failure): return .fail(rule, failure)
    }
    let mark = await log.mark
    do {
      try await player.setProperty(.volume, to: .double(-0.5))
    } catch {
      return .pass(rule, "Volume set with PropertiesChanged; a negative Volume was refused (\(error.name))")
    }
    // A write is answered once accepted and applied just after: wait (bounded) for the player
    // to announce its new Volume, then read back what it holds.
    _ = await log.first(since: mark, within: signalTimeout) {
      $0.changedPlayerProperties?[property: .volume] != nil
    }
    let volume: Double?
    do {
      volume = try await player.property(.volume).doubleValue
    } catch {
      return .fail(rule, "Volume cannot be read after setting it to -0.5: \(error.message)")
    }
    if volume != 0 {
      return .fail(
        rule, "Volume -0.5 reads back \(volume.map { "\($0)" } ?? "nothing"), not 0 (MPRIS: negative is 0)")
    }
    return .pass(rule, "Volume set with PropertiesChanged; -0.5 clamped to 0")
  }

  func checkLoopAndShuffle(_ initial: PlayerState) async -> RuleResult {
    let rule = "loop-and-shuffle-signalled"
    guard initial.canControl else { return .pass(rule, "CanControl is false; not set") }
    var failures: [String] = []
    var tried: [String] = []
    var notHandled: [String] = []
    func record(_ outcome: WriteOutcome, _ property: PlayerProperty) {
      switch outcome {
      case .signalled: tried.append(property.rawValue)
      case .notHandled(let reason): notHandled.append(reason)
      case .failed(let failure):
        tried.append(property.rawValue)
        failures.append(failure)
      }
    }
    if let loop = initial.loopStatus {
      let target = loop == .playlist ? "Track" : "Playlist"
      record(await setAndExpectSignal(.loopStatus, .string(target), expected: .string(target)), .loopStatus)
    }
    if let shuffle = initial.shuffle {
      record(await setAndExpectSignal(.shuffle, .bool(!shuffle), expected: .bool(!shuffle)), .shuffle)
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

  func checkRateRange(_ initial: PlayerState) async -> RuleResult {
    let rule = "rate-outside-range-refused"
    guard let maximum = initial[.maximumRate]?.doubleValue, maximum.isFinite else {
      return .pass(rule, "no finite MaximumRate")
    }
    let before = initial.rate
    let target = maximum * 2 + 1
    let mark = await log.mark
    do {
      try await player.setProperty(.rate, to: .double(target))
    } catch {
      return .pass(rule, "Rate \(target) above MaximumRate \(maximum) refused (\(error.name))")
    }
    _ = await log.first(since: mark, within: quietWindow) {
      $0.changedPlayerProperties?[property: .rate] != nil
    }
    let rate: Double
    do {
      rate = try await player.property(.rate).doubleValue ?? before
    } catch {
      return .fail(rule, "Rate cannot be read after setting it to \(target): \(error.message)")
    }
    if rate > maximum {
      // Put back before the failure is reported; the restoring rule reports a Rate left changed.
      try? await player.setProperty(.rate, to: .double(before))
      return .fail(rule, "Rate \(target) above MaximumRate \(maximum) was accepted (reads \(rate))")
    }
    return .pass(rule, "Rate \(target) above MaximumRate \(maximum) ignored")
  }

  /// The errors of a call that got no reply in time.
  static let noReply: Set<String> = [
    "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout",
  ]

  func checkWrongTypes() async -> RuleResult {
    let rule = "wrong-argument-types-refused"
    var failures: [String] = []
    let calls: [(String, PlayerMethod, [PropertyValue])] = [
      ("Seek(s)", .seek, [.string("ten")]),
      (
        "SetPosition(s, x) with the track id as a string", .setPosition,
        [.string("/org/remotectl/check/T"), .int64(0)]
      ),
      ("OpenUri(i)", .openURI, [.int32(1)]),
    ]
    // An error reply is the answer wanted; a success, or no answer at all, is a failure.
    func expectRefused(_ label: String, _ call: () async throws(ClientError) -> Void) async -> String? {
      do {
        try await call()
        return "\(label) was accepted"
      } catch {
        let unanswered = error.isPlayerGone || Self.noReply.contains(error.name)
        return unanswered ? "\(label) was not answered: \(error.message)" : nil
      }
    }
    for (label, method, arguments) in calls {
      let failure = await expectRefused(label) { () async throws(ClientError) in
        try await player.call(method, arguments)
      }
      if let failure { failures.append(failure) }
    }
    let volume = await expectRefused("Set Volume to a string") { () async throws(ClientError) in
      try await player.setProperty(.volume, to: .string("loud"))
    }
    if let volume { failures.append(volume) }
    return .from(
      rule, failures: failures,
      passing: "Seek(s), SetPosition(s, x), OpenUri(i) and Volume=s answered with errors")
  }
}
