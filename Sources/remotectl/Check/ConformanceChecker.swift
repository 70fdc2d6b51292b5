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
  /// How long a signal that must come may take: only a failing rule waits it out, and a page in
  /// a browser answering through the bridge took over 1 s on a loaded machine.
  var signalTimeout: Duration = .seconds(3)
  /// How long to watch for a signal that must not come.
  var quietWindow: Duration = .milliseconds(300)
  /// How long Position is watched to see it move at Rate.
  var measureWindow: Duration = .milliseconds(500)
  /// The largest error accepted on a position, in microseconds (±0.1 s).
  let tolerance: Int64 = 100_000
  /// How far, in microseconds, a relative Seek may land short of Position + offset: a player
  /// may announce a position a little ahead of its output while the output restarts after a
  /// start or a seek (a media element in Chromium: up to 0.25 s), and Seek moves from the
  /// output's position. MPRIS asks for no precision; the rule is that Seek is relative.
  let restartLag: Int64 = 300_000
  /// Whether to call Quit (when CanQuit is true) once every other rule ran and the player was
  /// restored: the player exits.
  var quits = false
  /// The player's `org.gnome.ShairportSync.RemoteControl` `Available`, when it serves that
  /// interface (it is shairport-sync): whether its commands reach the AirPlay sender
  /// (``AirPlayReceiverRule``).
  /// `nil` when the player serves no such interface; a failure when it could not be read.
  var remoteControlAvailable: Result<Bool, Reason>?

  /// Runs every rule, in order, and restores what it changed.
  func run() async -> [RuleResult] {
    var results: [RuleResult] = []
    let root = await Self.result { () async throws(ClientError) in
      try await player.properties(interface: RemotePlayer.rootInterface)
    }
    // The root's rules report a GetAll that failed: the rules that read it go on without it.
    let rootProperties = root.value ?? [:]
    let initial: PlayerState
    do {
      initial = try await player.state()
    } catch {
      return [
        .fail("player-properties", "GetAll on \(RemotePlayer.playerInterface) failed: \(error.message)")
      ]
    }
    results.append(checkTypes("root-properties", root, RootProperty.self))
    results.append(checkTypes("player-properties", .success(initial.properties), PlayerProperty.self))
    results.append(checkEnumerations(initial))
    results.append(checkMetadata(initial))
    if let remoteControlAvailable {
      results.append(AirPlayReceiverRule.result(initial, isAvailable: remoteControlAvailable))
    }
    results += await QueueRules(player: player).run(
      hasTrackList: rootProperties[RootProperty.hasTrackList.rawValue]?.boolValue == true)
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
    results.append(await checkRaise(rootProperties))
    results.append(await restore(initial))
    if quits { results.append(await checkQuit(rootProperties)) }
    return results
  }

  // MARK: - Failures a rule reports

  /// What a rule could not do, in words its detail carries.
  struct Reason: Error { var text: String }

  /// `body`'s value, or the error it threw, for a rule to report rather than take for an answer.
  static func result<Value>(_ body: () async throws(ClientError) -> Value) async -> Result<Value, ClientError>
  {
    do {
      return .success(try await body())
    } catch {
      return .failure(error)
    }
  }

  /// The player's properties from one `GetAll`, or why they could not be read.
  func state() async -> Result<PlayerState, Reason> {
    await Self.result { () async throws(ClientError) in try await player.state() }
      .mapError { Reason(text: "GetAll failed: \($0.message)") }
  }

  /// Whether PlaybackStatus reads `Playing`, or why it could not be read.
  func isPlaying() async -> Result<Bool, Reason> {
    await Self.result { () async throws(ClientError) in try await player.property(.playbackStatus) }
      .map { $0.stringValue == PlaybackStatus.playing.rawValue }
      .mapError { Reason(text: "PlaybackStatus cannot be read: \($0.message)") }
  }

  /// Rate as the player's `GetAll` reads it now, `absent` when it leaves Rate out (MPRIS asks
  /// for 1.0 then; the check reads it as given), or why it could not be read.
  func rate(absent: Double) async -> Result<Double, Reason> {
    await self.state().map { $0[.rate]?.doubleValue ?? absent }
  }

  // MARK: - Units

  static func microseconds(_ duration: Duration) -> Int64 {
    Microseconds(duration).rawValue
  }

  static func seconds(_ microseconds: Int64) -> String {
    let value = Microseconds(rawValue: microseconds).seconds
    return String(Double(Int64((value * 1000).rounded())) / 1000)
  }
}

extension Result {
  /// The success's value; `nil` for a failure (which a rule reports where it reads it).
  var value: Success? {
    guard case .success(let value) = self else { return nil }
    return value
  }

}

extension Result where Failure == ConformanceChecker.Reason {
  /// What a failure says (`""` for a success), for a rule's detail.
  var failureText: String {
    guard case .failure(let reason) = self else { return "" }
    return reason.text
  }
}
