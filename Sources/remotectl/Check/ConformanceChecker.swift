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
  var remoteControlAvailable: Bool?

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
    results.append(checkTypes("root-properties", root ?? [:], RootProperty.self, answered: root != nil))
    results.append(checkTypes("player-properties", initial.properties, PlayerProperty.self, answered: true))
    results.append(checkEnumerations(initial))
    results.append(checkMetadata(initial))
    if let remoteControlAvailable {
      results.append(AirPlayReceiverRule.result(initial, isAvailable: remoteControlAvailable))
    }
    results += await QueueRules(player: player).run(
      hasTrackList: root?[RootProperty.hasTrackList.rawValue]?.boolValue == true)
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

  // MARK: - Units

  static func microseconds(_ duration: Duration) -> Int64 {
    Microseconds(duration).rawValue
  }

  static func seconds(_ microseconds: Int64) -> String {
    let value = Microseconds(rawValue: microseconds).seconds
    return String(Double(Int64((value * 1000).rounded())) / 1000)
  }
}
