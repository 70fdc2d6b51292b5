package import DBus
import HubAPI
import HubCore

/// Whether the hub's track notifications (``TrackNotifier``) are on, for `remotectl doctor`: a
/// hub that D-Bus or systemd started was given its options where nobody looks.
package enum TrackNotificationsStatus {
  /// `io.github.swift_remote_control.Notifications1` at the hub's path (``Notifications1``):
  /// `Enabled` (`b`) is `isOn`, not announced (it holds for as long as the hub runs).
  package static func interface(isOn: Bool) -> Interface {
    Interface(
      name: Notifications1.interface,
      properties: [Interface.Property(Notifications1.Property.enabled, "b", change: .none) { .bool(isOn) }])
  }
}
