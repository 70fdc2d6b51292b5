extension SessionArbiter {
  /// Something that happened to a player, on the sound server, or a user's request.
  ///
  /// Players are told apart by the unique name of their bus connection (`owner`, such as
  /// `:1.42`); sound-server streams by their index.
  package enum Event: Sendable, Hashable {
    /// A player appeared: whether it was built with this package (it has the extension
    /// interface, so it takes interruptions itself) and its MPRIS `PlaybackStatus`.
    ///
    /// A *remote* player (`isRemote`) plays what a sender elsewhere streams here: the hub's relay
    /// of an AirPlay receiver (shairport-sync). It cannot be paused from this computer, so the
    /// arbiter silences its streams where it would pause it (``Action/silence(owner:)``), and its
    /// start always interrupts the local players, as a phone that starts playing to this
    /// computer is the user's latest action.
    case playerAppeared(owner: String, isOurs: Bool, status: Status, isRemote: Bool = false)
    /// The session of a remote player's sender began (`isActive` true: a phone connected and
    /// streams, shairport-sync's `org.gnome.ShairportSync.Active`) or ended. A remote player
    /// silenced by a lost output or a sleep gets its sound back when its next session begins.
    case remoteSessionChanged(owner: String, isActive: Bool)
    /// The player left the bus.
    case playerVanished(owner: String)
    /// The player's `PlaybackStatus` changed. A player the hub paused for a call that turns to
    /// `Playing` was started by someone else: it is not resumed afterwards. A player that
    /// pauses itself (on the sound server's cork request) is neither the user's press nor the
    /// hub's: nothing changes for it.
    case playbackStatusChanged(owner: String, status: Status)
    /// Someone pressed play, pause, stop or play-pause on the player (through the hub, the web
    /// remote, `remotectl`): the hub will not resume it after the call.
    case userPressed(owner: String)
    /// A sound-server stream appeared or changed, with its `media.role` (`nil` when it has none).
    /// A stream whose role is one of the configuration's call roles is a call.
    case streamChanged(index: UInt32, role: String?)
    /// The stream went away (a call that ends).
    case streamRemoved(index: UInt32)
    /// Someone asked for an interruption (`remotectl interrupt begin`), for programs whose calls
    /// the sound server cannot tell.
    case interruptionRequested
    /// Someone ended the interruption they asked for (`remotectl interrupt end`).
    case interruptionEndRequested
    /// The output the players' streams played on went away: their sink was removed, or its
    /// active port became unavailable (headphones unplugged, a headset gone).
    case routeLost(owners: Set<String>)
    /// An output arrived (a sink, a port available again): it never starts anything.
    case routeArrived
    /// The system prepares to sleep (logind's `PrepareForSleep(true)`): every playing player is
    /// paused.
    case sleepPrepared
    /// The system woke (logind's `PrepareForSleep(false)`): nothing starts; players of ours
    /// interrupted for the sleep get their interruption's end without should-resume.
    case woke
  }

  /// A player's MPRIS `PlaybackStatus`, as the arbiter knows it.
  ///
  /// The corresponding MPRIS property is `org.mpris.MediaPlayer2.Player.PlaybackStatus`.
  package enum Status: Sendable, Hashable {
    /// `Playing`.
    case playing
    /// `Paused`.
    case paused
    /// `Stopped`, or a status the player did not give.
    case stopped

    /// The status MPRIS spells `status`; `Stopped` for anything else.
    package init(mpris status: String?) {
      switch status {
      case "Playing": self = .playing
      case "Paused": self = .paused
      default: self = .stopped
      }
    }
  }

  /// What the hub should do to a player.
  package enum Action: Sendable, Hashable {
    /// Call the player's `BeginInterruption()` on the extension interface: it decides itself.
    case beginInterruption(owner: String)
    /// Call the player's `EndInterruption(ShouldResume)`.
    case endInterruption(owner: String, shouldResume: Bool)
    /// Call the player's MPRIS `Pause` (never `PlayPause`): sent only to a player that plays.
    case pause(owner: String)
    /// Call the player's MPRIS `Play`: sent only to a player the hub paused and that is still
    /// `Paused`.
    case play(owner: String)
    /// Call the player's `RouteChanged("oldDeviceUnavailable")`: it pauses itself, as an iOS app
    /// does.
    case routeLost(owner: String)
    /// Silence the remote player's streams on the sound server (mute them): its sender cannot
    /// be paused from here. Its streams that appear later are silenced too, until
    /// ``restoreSound(owner:)``.
    case silence(owner: String)
    /// Give the remote player's streams back the sound ``silence(owner:)`` took: unmute the
    /// streams the hub muted, and only those.
    case restoreSound(owner: String)
  }

  /// What the hub arbitrates, and what it leaves alone.
  package struct Configuration: Sendable, Hashable {
    /// Whether a call interrupts the playing players.
    package var interruptsOnCalls: Bool
    /// Whether a lost output pauses the players that played on it.
    package var pausesOnRouteLoss: Bool
    /// The `media.role` values that make a stream a call.
    package var callRoles: Set<String>
    /// Whether the system's sleep pauses the playing players (and a playing player holds the
    /// sleep off until they are paused).
    package var pausesForSleep: Bool
    /// Whether one player plays at a time: one that starts interrupts the one playing, as an
    /// iOS app whose `.playback` session does not mix with others does.
    package var isExclusive: Bool

    /// A configuration; by default every behaviour is on but exclusive playback, and the call
    /// roles are `phone` and `communication`.
    package init(
      interruptsOnCalls: Bool = true, pausesOnRouteLoss: Bool = true,
      callRoles: Set<String> = ["phone", "communication"], pausesForSleep: Bool = true,
      isExclusive: Bool = false
    ) {
      self.isExclusive = isExclusive
      self.interruptsOnCalls = interruptsOnCalls
      self.pausesOnRouteLoss = pausesOnRouteLoss
      self.callRoles = callRoles
      self.pausesForSleep = pausesForSleep
    }
  }

  /// The interruption under way, for `remotectl hub` and `doctor` to show.
  package struct Interruption: Sendable, Hashable {
    /// The call streams under way, by index, lowest first.
    package var callStreams: [UInt32]
    /// Whether someone asked for the interruption (`remotectl interrupt begin`) and has not
    /// ended it.
    package var isRequested: Bool
    /// The players that will be resumed when it ends, in the order they were interrupted.
    package var willResume: [String]
    /// The players that were interrupted, in that order.
    package var interrupted: [String]
  }
}
