import DBus

/// The names the proxy player is reached by and forwards: its bus name and MPRIS's interfaces.
enum ProxyNames {
  /// The proxy player's bus name, the MPRIS player controllers reach for "whatever is Now
  /// Playing".
  static let busName: BusName = "org.mpris.MediaPlayer2.remotectld"
  /// MPRIS's root interface.
  static let rootInterface = "org.mpris.MediaPlayer2"
  /// MPRIS's player interface.
  static let playerInterface = "org.mpris.MediaPlayer2.Player"
  /// D-Bus's introspection interface.
  static let introspectableInterface = "org.freedesktop.DBus.Introspectable"

  /// Interfaces a player's introspection lists that are never forwarded: D-Bus's own (sd-bus
  /// serves them for the proxy), MPRIS's two fixed ones, and the hub's and playerctld's, which
  /// belong to proxies.
  static let notForwarded: Set<String> = [
    "org.freedesktop.DBus.Properties", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer",
    "org.freedesktop.DBus.ObjectManager", rootInterface, playerInterface, HubNames.interface,
    HubNames.playerctldInterface,
  ]
}
