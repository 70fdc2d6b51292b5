package import DBus

/// Where the Now Playing hub (`remotectld`) is reached on the session bus: its well-known name and
/// the one object that serves every interface of its API (``Hub1``, ``AudioSession1``,
/// ``Button1``, ``WebRemote1``, ``Bridge1``, ``Relaunch1``), MPRIS's own path, where the proxy
/// player and playerctld's interface (``Playerctld``) are served too.
package enum HubAddress {
  /// The hub's own well-known bus name, owned whether or not it stands in for a player; D-Bus
  /// activation starts an installed hub when it is called.
  package static let busName: BusName = "io.github.swift_remote_control.Hub"
  /// The object path of the hub's interfaces: MPRIS's `/org/mpris/MediaPlayer2`.
  package static let path: ObjectPath = "/org/mpris/MediaPlayer2"
  /// The name of the hub's player for GNOME's and Plasma's media keys while another process (the
  /// user's own playerctld) holds ``Playerctld/busName``: in playerctld's namespace, which
  /// playerctld 2.4.1 leaves out of its list of players.
  package static let mediaKeysBesidePlayerctld: BusName = "org.mpris.MediaPlayer2.playerctld.remotectld"
}
