package import DBus
package import Logging
package import RemoteControl
import Synchronization

/// The hub's one view of the MPRIS players on a bus: every player watched once, one mirror each,
/// observed by every part of the hub.
///
/// Two match rules serve every player, whatever their number: `NameOwnerChanged` for MPRIS names,
/// and every signal at or below `/org/mpris/MediaPlayer2`, told apart by sender. A new player is
/// read once (its process, asked of the bus for every part of the hub; its root and player
/// interfaces, its introspection data and that of its child objects, and the properties of every
/// other interface it serves); from then on its signals keep
/// its ``PlayerMirror`` current, and the view reads `Position` only when it cannot know it (after a
/// track change) and a property only when the player invalidated it.
///
/// Everything happens on the connection's thread, in the order messages arrive: a reply to a call
/// sent on the view's ``connection`` is seen after every signal the player sent before it, so a
/// caller that waits for the reply then reads the mirror reads what the player announced
/// (read-your-writes). Observers are called on that thread with each ``Change`` after the mirror
/// has taken it in, outside the view's lock, in order; they may read the view but must be quick.
package final class PlayerView: Sendable {
  /// What changed in the view.
  package enum Change: Sendable {
    /// `owner` now owns the MPRIS bus name `name`; `isNewPlayer` when it is the first, and the
    /// player is known by its names only until it has been read.
    case nameAppeared(BusName, owner: BusName, isNewPlayer: Bool)
    /// `owner` no longer owns `name`; `lastMirror` is the player's last mirror when that was its
    /// last name: it is gone.
    case nameVanished(BusName, owner: BusName, lastMirror: PlayerMirror?)
    /// Properties of one interface (by ``InterfaceDescription/key``) were read (`source` `.read`:
    /// replacing what was known) or announced.
    case propertiesChanged(owner: BusName, interface: String, names: [String], source: Source)
    /// The player's position jumped (MPRIS `Seeked`), to the microseconds given.
    case seeked(owner: BusName, position: Int64)
    /// The player's interfaces beyond MPRIS's two were read.
    case interfacesChanged(owner: BusName)
    /// The bus answered which process the player's connection is (``PlayerMirror/process``):
    /// asked once per player, as the view first sees it, for every part that needs it.
    case processIdentified(owner: BusName)
    /// Another signal of the player at or below the MPRIS path, for the proxy to re-emit.
    case signal(owner: BusName, message: ReceivedMessage)
  }

  /// How a value reached the view.
  package enum Source: Sendable, Hashable {
    /// Read with `GetAll` or `Get`.
    case read
    /// Announced in a signal.
    case announced
  }

  package struct State: Sendable {
    /// Every player, by unique name.
    package var mirrors: [BusName: PlayerMirror] = [:]
    /// Which player owns each MPRIS bus name.
    package var owners: [BusName: BusName] = [:]
  }

  /// The connection the view watches and reads on: send calls to players on it to read your
  /// writes.
  package let connection: Connection
  let logger: Logger
  /// Whether an MPRIS bus name is a player's (not a proxy's, nor an ignored one's).
  let admits: @Sendable (BusName) -> Bool
  let state = Mutex(State())
  private let observers = Mutex(ObserverList<@Sendable (Change) -> Void>())

  /// How long a player may take to answer the view's reads.
  static let readTimeout: Duration = .seconds(5)

  /// A view of the players on `connection`'s bus whose names `admits` accepts; nothing is watched
  /// until ``start()``.
  package init(connection: Connection, logger: Logger, admits: @escaping @Sendable (BusName) -> Bool) {
    self.connection = connection
    self.logger = logger
    self.admits = admits
  }

  // MARK: - Reading

  /// The mirror of the player whose connection is `owner`.
  package func mirror(of owner: BusName) -> PlayerMirror? {
    state.withLock { $0.mirrors[owner] }
  }

  /// The mirror of the player that owns `busName`.
  package func mirror(named busName: BusName) -> PlayerMirror? {
    state.withLock { state in state.owners[busName].flatMap { state.mirrors[$0] } }
  }

  /// Every mirror.
  package var mirrors: [PlayerMirror] {
    state.withLock { Array($0.mirrors.values) }
  }

  /// Reads several things of the view at once, consistently.
  package func withState<Result>(_ body: (State) -> Result) -> Result {
    state.withLock { body($0) }
  }

  // MARK: - Observing

  /// Calls `observer` with every change from now on, on the connection's thread, in order.
  ///
  /// - Returns: What stops it: pass it to ``removeObserver(_:)``.
  @discardableResult
  package func observe(_ observer: @escaping @Sendable (Change) -> Void) -> ObservationToken {
    observers.withLock { $0.add(observer) }
  }

  /// Stops calling the observer that `token` was returned for.
  package func removeObserver(_ token: ObservationToken) {
    observers.withLock { $0.remove(token) }
  }

  /// Tells every observer `changes`, outside the view's lock.
  func notify(_ changes: [Change]) {
    guard !changes.isEmpty else { return }
    let all = observers.withLock { $0 }
    for change in changes {
      for observer in all { observer(change) }
    }
  }
}
