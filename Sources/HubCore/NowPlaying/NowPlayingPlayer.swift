package import DBus
package import Logging
import NowPlayingArbiter
package import PlayerView
import RemoteControlMPRIS
package import Synchronization

/// The Now Playing player: one MPRIS player that is whichever player is Now Playing, as iOS's
/// lock screen, Control Center and accessories see the Now Playing app (`MPNowPlayingInfoCenter`,
/// `MPRemoteCommandCenter`), published at one or more ``Outlet``s.
///
/// It serves MPRIS's root and player interfaces, and every other interface the active player
/// introspects as there (TrackList, Playlists, extensions) or at its child objects one level
/// below (`/org/mpris/MediaPlayer2/RemoteControl`), at the same paths, at the outlets that serve
/// them. Property reads are answered at once from the hub's view of the players (`Position`
/// extrapolated). Method calls and property writes are forwarded to the active player through the
/// hub's ``CommandPath``, on the view's connection, and answered once the player answered: since
/// D-Bus keeps one sender's messages in order on one connection, every change the player
/// announced before its reply is in the view by then, so a read after the reply reads it
/// (read-your-writes). Only the active player's signals are re-emitted; a switch is announced with
/// one PropertiesChanged per interface carrying every value that differs, and a Seeked with the
/// new position.
///
/// It follows the hub and the view on the view's connection thread, computes each change once
/// (``NowPlayingChange``), and hands it to every outlet, which announces what its own controllers
/// have not seen.
///
/// To publish it somewhere new, call ``publish(on:at:interfaces:extras:overrides:)`` and keep the outlet:
///
/// ```swift
/// let outlet = try await nowPlaying.publish(on: systemBus, at: "/io/github/swift_remote_control/Bluetooth")
/// outlet.setPublished(true)
/// let properties = outlet.currentProperties(of: .player)  // RegisterPlayer's a{sv}
/// // … register; the outlet announces every change from now on …
/// outlet.close()
/// ```
package final class NowPlayingPlayer: Sendable {
  package let hub: Hub
  package let logger: Logger
  /// The active player and the interfaces forwarded for it.
  package let state = Mutex(NowPlayingState())
  /// Where the player is published.
  private let outlets = Mutex<[Outlet]>([])

  /// The hub's one path for a user's command: every call and property write an outlet forwards
  /// goes along it.
  package let commands: CommandPath

  package init(hub: Hub, commands: CommandPath, logger: Logger) {
    self.hub = hub
    self.commands = commands
    self.logger = logger
  }

  /// The view of the players.
  package var view: PlayerView { hub.view }

  // MARK: - Starting

  /// Follows the hub and the view; returns what undoes it.
  package func start() -> [@Sendable () -> Void] {
    let following = hub.observe { [self] change in follow(change.now) }
    let observer = view.observe { [self] change in viewChanged(change) }
    // On the view's thread, as every later change: what controllers are told stays in order.
    view.connection.perform { [self] in follow(hub.nowPlaying) }
    return [{ [view] in view.removeObserver(observer) }, { [hub] in hub.removeObserver(following) }]
  }

  // MARK: - Outlets

  /// Publishes the player on `connection` at `path`: exports `interfaces` there (MPRIS's root
  /// and player interfaces, or one of them), and with `extras` the active player's other
  /// interfaces at their own paths, which only the MPRIS path can serve. The outlet announces
  /// nothing until ``Outlet/setPublished(_:)``; ``Outlet/close()`` withdraws it.
  ///
  /// Calls arrive on `connection`'s thread and reach the Now Playing player through the
  /// ``CommandPath`` (`send(_:to: .nowPlaying)`), with every side effect of a user's press; each
  /// is answered once the player answered, and a call sent with no reply expected (as bluetoothd
  /// sends its Player calls) is forwarded and left unanswered.
  ///
  /// - Throws: `InvalidArgs` when `interfaces` holds another interface than MPRIS's two, or
  ///   `extras` is asked for elsewhere than at the MPRIS path; the bus's error when an interface
  ///   is already exported there.
  ///
  /// `overrides` replaces what this outlet's controllers read of some properties of MPRIS's
  /// interfaces (``Outlet/Overrides``): in reads, in ``Outlet/currentProperties(of:)`` and
  /// in what it announces; `readerOverrides` what some readers read of the player interface
  /// (``Outlet/ReaderOverrides``); `callRewrite` what some callers' calls are sent on as
  /// (``Outlet/CallRewrite``).
  ///
  /// With `first`, the outlet is told each change before every outlet published before it, so
  /// its signals are queued first on a thread the connections share: for the controllers that
  /// wait on the change the longest, such as bluetoothd, which tells a car only once it hears.
  package func publish(
    on connection: Connection, at path: ObjectPath = .mediaPlayer,
    interfaces: [InterfaceDescription] = [.root, .player], extras: Bool = false,
    overrides: Outlet.Overrides = [:], readerOverrides: Outlet.ReaderOverrides = [:],
    readerValuesChanged: (@Sendable ([String: Value]) -> Void)? = nil, callRewrite: Outlet.CallRewrite? = nil,
    first: Bool = false
  ) async throws(BusError) -> Outlet {
    for interface in interfaces where interface != .root && interface != .player {
      throw .invalidArgs("the Now Playing player is published with MPRIS's interfaces, not \(interface.name)")
    }
    if extras, path != .mediaPlayer {
      throw .invalidArgs("the active player's other interfaces are served only at \(ObjectPath.mediaPlayer)")
    }
    let outlet = Outlet(
      player: self, connection: connection, path: path, interfaces: interfaces, servesExtras: extras,
      overrides: overrides, readerOverrides: readerOverrides, readerValuesChanged: readerValuesChanged,
      callRewrite: callRewrite)
    try await outlet.start()
    outlets.withLock { first ? $0.insert(outlet, at: 0) : $0.append(outlet) }
    outlet.requestExtras()
    return outlet
  }

  /// Forgets `outlet`: it is told no more changes.
  package func remove(_ outlet: Outlet) {
    outlets.withLock { $0.removeAll { $0 === outlet } }
  }

  /// Where the player is published now.
  var currentOutlets: [Outlet] { outlets.withLock { $0 } }
}

extension NowPlayingPlayer: ForwardedPlayer {
  /// The mirror of the active player, `nil` when there is none.
  package var forwardedMirror: PlayerMirror? {
    state.withLock { $0.active }.flatMap(view.mirror(of:))
  }

  package var forwardedExtras: [String: InterfaceDescription] { state.withLock { $0.extras } }

  package func assertOnChangeThread() {
    view.connection.assertOnConnectionThread()
  }
}
