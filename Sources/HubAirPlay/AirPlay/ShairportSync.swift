package import DBus
import HubAPI
import HubCore

/// shairport-sync's own D-Bus interfaces (its `org.gnome.ShairportSync.xml`), served at
/// `/org/gnome/ShairportSync` on the same connection as its MPRIS player: what the hub reads of
/// an AirPlay receiver.
package enum ShairportSync {
  /// Where shairport-sync serves its interfaces.
  package static let path = ShairportSyncNames.path
  /// `org.gnome.ShairportSync`, whose `Active` (`b`) says a sender streams to it.
  package static let interface = ShairportSyncNames.interface
  /// `org.gnome.ShairportSync.RemoteControl`, whose `Available` (`b`) says whether it has a way
  /// back to the sender (DACP), which commands need.
  static let remoteControl = ShairportSyncNames.remoteControl
  /// `org.gnome.ShairportSync.Active`.
  package static let active = ShairportSyncNames.active
  /// `org.gnome.ShairportSync.RemoteControl.Available`.
  static let available = ShairportSyncNames.available

  /// What one shairport-sync says of its AirPlay session, as read or announced; `nil` while not
  /// known.
  package struct Session: Sendable, Hashable {
    /// `Active`: a sender streams to it.
    var isActive: Bool?
    /// `RemoteControl.Available`: a command can reach the sender.
    var isAvailable: Bool?

    /// Takes in `values` (an `a{sv}` of `interface`, from `GetAll` or `PropertiesChanged`).
    ///
    /// - Returns: The names of the properties it took, an ill-typed one left out and named in
    ///   `illTyped`.
    package mutating func take(_ values: Value, of interface: String) -> (taken: [String], illTyped: [String])
    {
      guard case .dictionary(_, _, let entries) = values else { return ([], []) }
      let wanted = interface == ShairportSync.interface ? ShairportSync.active : ShairportSync.available
      var taken: [String] = []
      var illTyped: [String] = []
      for entry in entries where entry.key.stringValue == wanted {
        guard let value = entry.value.unwrappingVariants.boolValue else {
          illTyped.append(wanted)
          continue
        }
        if interface == ShairportSync.interface { isActive = value } else { isAvailable = value }
        taken.append(wanted)
      }
      return (taken, illTyped)
    }
  }
}
