package import DBus

/// shairport-sync's own D-Bus names (its `org.gnome.ShairportSync.xml`), served at
/// `/org/gnome/ShairportSync` on the same connection as its MPRIS player: what the hub's AirPlay
/// part reads and `remotectl check` asks of an AirPlay receiver, declared once for both, as
/// ``Playerctld`` declares playerctld's.
package enum ShairportSyncNames {
  /// Where shairport-sync serves its interfaces.
  package static let path: ObjectPath = "/org/gnome/ShairportSync"
  /// `org.gnome.ShairportSync`, whose `Active` (`b`) says a sender streams to it.
  package static let interface = "org.gnome.ShairportSync"
  /// `org.gnome.ShairportSync.RemoteControl`, whose `Available` (`b`) says whether it has a way
  /// back to the sender (DACP), which commands need.
  package static let remoteControl = "org.gnome.ShairportSync.RemoteControl"
  /// `org.gnome.ShairportSync.Active`.
  package static let active = "Active"
  /// `org.gnome.ShairportSync.RemoteControl.Available`.
  package static let available = "Available"
}
