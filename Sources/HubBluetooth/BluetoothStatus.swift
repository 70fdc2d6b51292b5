package import DBus
import HubAPI
import HubCore
import Synchronization

/// What the hub's Bluetooth part sees, for `remotectl doctor`: a hub that D-Bus or systemd
/// started logs where nobody looks, so why Bluetooth is off must be readable on the bus.
package final class BluetoothStatus: Sendable {
  private struct State: Sendable {
    var reason = "the Bluetooth part has not started yet"
    var adapters: [String] = []
    /// The adapters the Now Playing player is registered with; `nil` when it is not published.
    var registered: [String]?
    /// What bluetoothd refused of the registrations, by adapter: ``PlayerRegistration/Refusal``'s
    /// sentence.
    var refusals: [String: String] = [:]
  }

  private let state = Mutex(State())

  package init() {}

  /// Bluetooth is off because of `reason` (a sentence a user can act on): no system bus, or no
  /// bluetoothd on it.
  package func off(_ reason: String) {
    state.withLock { $0 = State(reason: reason) }
  }

  /// bluetoothd is on the system bus, with `adapters` serving `org.bluez.Media1`, the Now
  /// Playing player registered with `registered` (`nil` when it is not published), and what
  /// bluetoothd refused of it.
  func serves(
    adapters: [ObjectPath], registered: [ObjectPath]?,
    refusals: [ObjectPath: PlayerRegistration.Refusal] = [:]
  ) {
    state.withLock {
      $0 = State(
        reason: "", adapters: adapters.map(\.rawValue), registered: registered?.map(\.rawValue),
        refusals: Self.sentences(refusals))
    }
  }

  /// The registrations changed: the player is registered with `registered`, and bluetoothd
  /// refused `refusals`.
  func registered(_ registered: [ObjectPath], refusals: [ObjectPath: PlayerRegistration.Refusal] = [:]) {
    state.withLock {
      $0.registered = registered.map(\.rawValue)
      $0.refusals = Self.sentences(refusals)
    }
  }

  private static func sentences(_ refusals: [ObjectPath: PlayerRegistration.Refusal]) -> [String: String] {
    Dictionary(uniqueKeysWithValues: refusals.map { ($0.key.rawValue, $0.value.sentence) })
  }

  /// Why Bluetooth is off, empty when bluetoothd is there.
  package var reason: String { state.withLock { $0.reason } }

  /// `io.github.swift_remote_control.Bluetooth1` at the hub's path:
  ///
  /// - `Reason` (`s`): why the hub does not reach Bluetooth (no system bus, no bluetoothd);
  ///   empty when it does.
  /// - `Adapters` (`as`): the adapters whose `org.bluez.Media1` the hub sees.
  /// - `Registered` (`as`): the adapters the Now Playing player is registered with (`RegisterPlayer`
  ///   answered); empty while it is not published.
  /// - `Refusals` (`a{ss}`): by adapter, what bluetoothd refused of the registration there (its
  ///   error) and what the hub did (registered without some properties, or not at all).
  ///
  /// Changes are not announced: a controller reads them when it asks.
  package var interface: Interface {
    Interface(
      name: Bluetooth1.interface,
      properties: [
        Interface.Property(Bluetooth1.Property.reason, "s", change: .none) { [self] in
          .string(state.withLock { $0.reason })
        },
        Interface.Property(Bluetooth1.Property.adapters, "as", change: .none) { [self] in
          .strings(state.withLock { $0.adapters })
        },
        Interface.Property(Bluetooth1.Property.registered, "as", change: .none) { [self] in
          .strings(state.withLock { $0.registered ?? [] })
        },
        Interface.Property(Bluetooth1.Property.refusals, "a{ss}", change: .none) { [self] in
          .dictionary(
            keySignature: "s", valueSignature: "s",
            state.withLock { $0.refusals }.sorted { $0.key < $1.key }.map {
              DictionaryEntry(key: .string($0.key), value: .string($0.value))
            })
        },
      ])
  }
}
