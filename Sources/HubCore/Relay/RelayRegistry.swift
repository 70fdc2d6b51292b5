package import DBus
package import RemoteControl
import Synchronization

/// The hub's relays, by the unique name of each relay's session-bus connection: how a part of the
/// hub asks "what is this session player really?".
///
/// A relay is entered before it asks for its name on the session bus, so the hub's view never
/// sees a relay's name before the registry knows it, and leaves when it closes. Entries change
/// (``set(_:for:)``) and observers are told on the hub's bus thread, where every relay is
/// started, changed and closed.
///
/// ```swift
/// if case .systemBusPlayer(let player)? = hub.relays.relayed(by: owner), player.isAirPlayReceiver { … }
/// hub.relays.observe { change in … change.owner, change.relayed (nil: gone), change.before … }
/// ```
package final class RelayRegistry: Sendable {
  /// A relay came, changed or went.
  package struct Change: Sendable {
    /// The relay's connection's unique name on the session bus.
    package var owner: BusName
    /// What it relays now; `nil`: the relay is gone.
    package var relayed: Relayed?
    /// What it relayed before; `nil`: the relay is new.
    package var before: Relayed?
  }

  private let entries = Mutex<[BusName: Relayed]>([:])
  private let observers = Mutex(ObserverList<@Sendable (Change) -> Void>())

  /// What the session player whose connection is `owner` relays; `nil` when it is none of the
  /// hub's relays.
  package func relayed(by owner: BusName) -> Relayed? {
    entries.withLock { $0[owner] }
  }

  /// Every relay, by the unique name of its session-bus connection.
  package var all: [BusName: Relayed] { entries.withLock { $0 } }

  /// Enters, changes (`relayed`) or removes (`nil`) the relay whose session-bus connection is
  /// `owner`, and tells the observers when that changed anything. On the hub's bus thread.
  package func set(_ relayed: Relayed?, for owner: BusName) {
    let before = entries.withLock { entries in
      defer { entries[owner] = relayed }
      return entries[owner]
    }
    guard before != relayed else { return }
    let change = Change(owner: owner, relayed: relayed, before: before)
    for observer in observers.withLock({ $0 }) { observer(change) }
  }

  /// Calls `observer` with every change from now on, on the hub's bus thread, in order.
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
}
