package import DBus
import HubAPI
import Synchronization

/// Whether the bridge serves and where, or why it does not, for `remotectl doctor`: a hub that
/// D-Bus or systemd started logs where nobody looks, so the reason the bridge is off must be
/// readable on the bus.
package final class BridgeStatus: Sendable {
  private struct State: Sendable {
    var endpoint = ""
    var socket = ""
    var reason = "the bridge has not started yet"
  }

  private let state = Mutex(State())

  /// A status saying the bridge has not started yet.
  package init() {}

  /// The bridge does not serve, because of `reason` (a sentence a user can act on).
  package func off(_ reason: String) {
    state.withLock { $0 = State(reason: reason) }
  }

  /// The bridge serves on the unix socket at `socket` (empty when another process serves that
  /// path).
  package func serves(socket: String) {
    state.withLock {
      $0.socket = socket
      $0.reason = ""
    }
  }

  /// The bridge's loopback listener is up at `endpoint` (`ws://127.0.0.1:PORT/bridge`).
  package func serves(endpoint: String) {
    state.withLock {
      $0.endpoint = endpoint
      $0.reason = ""
    }
  }

  /// A listener stopped (the unix socket's when `isSocket`, else the loopback one): `reason` says
  /// which and why.
  package func stopped(isSocket: Bool, _ reason: String) {
    state.withLock {
      $0.reason = reason
      if isSocket { $0.socket = "" } else { $0.endpoint = "" }
    }
  }

  /// `io.github.swift_remote_control.Bridge1` at the hub's path:
  ///
  /// - `Endpoint` (`s`): the loopback WebSocket URL, empty while it does not listen.
  /// - `Socket` (`s`): the unix socket's path, empty while the hub does not serve one.
  /// - `Reason` (`s`): why the bridge, or one of its listeners, is off; empty when all is well.
  ///
  /// Changes are not announced: a controller reads them when it asks.
  package var interface: Interface {
    Interface(
      name: Bridge1.interface,
      properties: [
        Interface.Property(Bridge1.Property.endpoint, "s", change: .none) { [self] in
          .string(state.withLock { $0.endpoint })
        },
        Interface.Property(Bridge1.Property.socket, "s", change: .none) { [self] in
          .string(state.withLock { $0.socket })
        },
        Interface.Property(Bridge1.Property.reason, "s", change: .none) { [self] in
          .string(state.withLock { $0.reason })
        },
      ])
  }
}
