package import DBus
import HubAPI
import HubCore
import Synchronization

/// What the hub's system-bus part reaches, for `remotectl doctor`: a hub that D-Bus or systemd
/// started logs where nobody looks.
package final class SystemBusStatus: Sendable {
  private struct State: Sendable {
    var reason = "the system-bus part has not started yet"
    var players: [String] = []
  }

  private let state = Mutex(State())

  package init() {}

  /// The system bus's players are not relayed because of `reason` (a sentence a user can act on).
  package func off(_ reason: String) {
    state.withLock { $0 = State(reason: reason) }
  }

  /// The part follows the system bus and relays `players` (their names there).
  func relays(_ players: [BusName]) {
    state.withLock { $0 = State(reason: "", players: players.map(\.rawValue).sorted()) }
  }

  /// Why the system bus's players are not relayed, empty when they are.
  package var reason: String { state.withLock { $0.reason } }

  /// `io.github.swift_remote_control.SystemBus1` at the hub's path (``SystemBus1``): `Reason`
  /// (`s`) and `Players` (`as`), not announced.
  package var interface: Interface {
    Interface(
      name: SystemBus1.interface,
      properties: [
        Interface.Property(SystemBus1.Property.reason, "s", change: .none) { [self] in
          .string(state.withLock { $0.reason })
        },
        Interface.Property(SystemBus1.Property.players, "as", change: .none) { [self] in
          .strings(state.withLock { $0.players })
        },
      ])
  }
}
