/// The D-Bus specification's standard interfaces, by the names the package calls, matches and
/// serves them under, declared once (as swift-http-types declares `HTTPField.Name`s) for every
/// module: the core's player and controller, the hub's view, its parts and `remotectl`.
package enum StandardInterface {
  /// `org.freedesktop.DBus.Properties`: `Get`, `GetAll`, `Set` and the `PropertiesChanged`
  /// signal.
  package static let properties = "org.freedesktop.DBus.Properties"
  /// `org.freedesktop.DBus.Properties.PropertiesChanged`, the signal of changed properties.
  package static let propertiesChanged = "PropertiesChanged"
  /// `org.freedesktop.DBus.ObjectManager`: `GetManagedObjects`, `InterfacesAdded` and
  /// `InterfacesRemoved`.
  package static let objectManager = "org.freedesktop.DBus.ObjectManager"
  /// `org.freedesktop.DBus.Introspectable`.
  package static let introspectable = "org.freedesktop.DBus.Introspectable"
  /// `org.freedesktop.DBus.Peer`.
  package static let peer = "org.freedesktop.DBus.Peer"
}
