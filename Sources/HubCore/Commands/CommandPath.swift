package import DBus
import HubAPI
package import Logging
import NowPlayingArbiter
import RemoteControlMPRIS

/// The one way a user's command reaches a player through the hub, whichever door it came in by:
///
/// - the proxy player: a controller's method call or property write to
///   `org.mpris.MediaPlayer2.remotectld` (media keys, `playerctl`, a bar), which goes to the Now
///   Playing player;
/// - the car and the earbuds: bluetoothd's calls, with no reply expected, to the Now Playing
///   player the hub registered with each adapter (`org.bluez.Media1.RegisterPlayer`), which go
///   to the Now Playing player, as the proxy's do (both are ``Outlet``s of it);
/// - a relay's own name: a controller's method call or property write to one of the hub's
///   relays (``RelayedPlayer``: `org.mpris.MediaPlayer2.NAME.system` for a system-bus player such
///   as shairport-sync's, the name mpris-proxy would give a Bluetooth device's player), which
///   goes to that relay (`send(_:to: .player(relay))`), and on to its source; the relay sends a
///   call on to its source without this path only when the hub's own connection made it (this
///   path's, or the hub's own calls below);
/// - the web remote: a press on the page, to the player it names (through the `PlayerCommands`
///   the web remote is given);
/// - the headset button: `io.github.swift_remote_control.Button1`, which `remotectl button press`
///   and `release` drive, to the Now Playing player;
/// - `remotectl`'s verbs (`remotectl play-pause`, `remotectl -p vlc next`: what the README binds
///   to the media keys): `io.github.swift_remote_control.Hub1.Send`, to the player remotectl chose
///   (the Now Playing player unless `-p` names another), when a hub runs
///   (``sendFromController(_:)``); without a hub remotectl calls the player itself.
///
/// ``send(_:to:timeout:answered:)`` sends the command and applies, once, every side effect a
/// user's command has in the hub, before the hub takes in the player's answer:
///
/// - **Now Playing activity.** The Now Playing rule takes a command sent through the hub for
///   activity (``Arbiter/Event/commandSent(owner:)``): the player ranks by it in the activity
///   order, and becomes Now Playing by it when the active player goes away. Every method that acts
///   on what the player plays counts; settings (property writes) and `Raise`/`Quit` do not
///   (``UserCommand/isActivity``).
/// - **The audio session.** A play, pause, play-pause or stop is the user's press
///   (``UserCommand/isPlaybackPress``): the audio session does not resume the player when the call
///   that interrupted it ends, even when the press changed nothing the player announces (a pause
///   to a player the hub had paused already).
///
/// Every door applies all of them because a press means the same whoever carries it: a Next from
/// the web remote is as much the user's activity as a Next from a media key, a pause on the
/// lock screen during a call is as much the user's as a pause from the headset, and a
/// `playerctl -p ShairportSync.system pause` is the same press as a pause through the proxy while
/// that relay is Now Playing. Side effects kept
/// at each door drift apart (they did: the web remote's Next was no activity, the headset's pause
/// was resumed after the call); here a new door, or a new side effect, is one change in one place.
///
/// What does not come through here: the hub's own calls (the audio session's `Pause` and `Play`,
/// interruptions, the sleep's pauses), which are not the user's; and `Select`, `Shift` and
/// `Unshift`, which pin a player without sending it anything (the rule counts them itself). The
/// bridge's players are MPRIS players on the bus like any other: their commands come
/// in by these same doors.
///
/// Whether a command finds a player is decided in one place, ``player(for:at:)``.
package final class CommandPath: Sendable {
  /// Which player a command goes to.
  package enum Target: Sendable, Hashable {
    /// The Now Playing player, whichever it is when the command is sent.
    case nowPlaying
    /// The player whose connection is the unique name given (`:1.42`).
    case player(BusName)
  }

  package let hub: Hub
  /// The audio session, told of the user's presses.
  package let audioSession: any PressListener
  /// Starts the last Now Playing app when a play finds no player; `nil` in a hub that never does.
  package let relauncher: (any AppRelauncher)?
  package let logger: Logger

  package init(
    hub: Hub, audioSession: any PressListener, relauncher: (any AppRelauncher)? = nil, logger: Logger
  ) {
    self.hub = hub
    self.audioSession = audioSession
    self.relauncher = relauncher
    self.logger = logger
  }

  // MARK: - Sending

  /// Sends `command` to the player `target` names, on the hub's connection (the view's, so that
  /// the view has taken in what the player announced before its reply when `answered` runs), and
  /// records it as the user's (see ``CommandPath``); `answered` gets the player's reply or error,
  /// or the hub's `NoPlayer` error when there is no player.
  ///
  /// A play or play-pause to the Now Playing player when there is none brings back the last Now
  /// Playing app, as iOS's lock screen and headset do (``Relauncher``): once the app is a player
  /// again, it is sent `Play` (a play-pause to a player that just started could only mean play),
  /// recorded as the user's like any command.
  package func send(
    _ command: UserCommand, to target: Target, timeout: Duration? = nil,
    answered: @escaping @Sendable (Result<[Value], BusError>) -> Void
  ) {
    if target == .nowPlaying, command.bringsBackTheLastApp, let relauncher, relauncher.isEnabled,
      player(for: command, at: target) == nil
    {
      relauncher.relaunch { [self] result in
        switch result {
        case .success(let owner):
          send(.player(.play), to: .player(owner), timeout: timeout, answered: answered)
        case .failure(let failure):
          answered(
            .failure(
              BusError(
                Hub1.ErrorName.noPlayer,
                "no player to \(command.action): no MPRIS player is on the bus, and \(failure.description)")))
        }
      }
      return
    }
    // On the connection's thread, at once for a call that came in there (the proxy's): the call
    // leaves first, then its side effects are applied, before the thread can take in anything
    // else, the player's reply included. Nothing waits for a hand-over on the way to the player.
    hub.connection.run { [self] in
      guard let owner = player(for: command, at: target) else {
        answered(.failure(Self.noPlayer(command.action)))
        return
      }
      hub.connection.call(
        destination: owner, path: command.path, interface: command.interface, member: command.member,
        arguments: command.arguments, timeout: timeout, completion: answered)
      record(command, sentTo: owner)
    }
  }

  /// Sends `command` to the player `target` names, as ``send(_:to:timeout:answered:)`` does, and
  /// returns the player's reply; throws the player's error, or the hub's `NoPlayer` error when
  /// there is no player.
  @discardableResult
  package func send(_ command: UserCommand, to target: Target, timeout: Duration? = nil)
    async throws(BusError)
    -> [Value]
  {
    let result = await withCheckedContinuation { continuation in
      send(command, to: target, timeout: timeout) { continuation.resume(returning: $0) }
    }
    return try result.get()
  }

  // MARK: - The player

  /// The player `command` goes to: the one `target` names, or the Now Playing player; `nil` when
  /// there is none. This is the one place where a user's command finds no player.
  package func player(for command: UserCommand, at target: Target) -> BusName? {
    switch target {
    case .player(let owner): owner
    case .nowPlaying: hub.nowPlaying.active.flatMap { BusName(rawValue: $0.owner) }
    }
  }

  /// The hub's error for `action` (`call Next`, `set Volume`) when there is no player.
  package static func noPlayer(_ action: String) -> BusError {
    BusError(Hub1.ErrorName.noPlayer, "no player to \(action): no MPRIS player is on the bus")
  }

  // MARK: - Side effects

  /// Applies the side effects of `command`, just sent to `owner`, as the user's; on the
  /// connection's thread, before it takes in the player's reply, so whoever hears the reply
  /// reads them.
  private func record(_ command: UserCommand, sentTo owner: BusName) {
    hub.connection.assertOnConnectionThread()
    if command.isActivity { hub.applyHere([.commandSent(owner: owner.rawValue)]) }
    if command.isPlaybackPress { audioSession.userPressed(owner) }
    logger.debug("\(command.action)", metadata: ["player": "\(owner)"])
  }
}
