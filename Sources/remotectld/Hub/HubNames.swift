import DBus
import PlayerView
import RemoteControlMPRIS

/// The names the hub is reached by: its bus names, object path, interfaces and errors.
enum HubNames {
  /// The hub's own well-known bus name, owned whether or not it stands in for a player.
  static let busName: BusName = "io.github.swift_remote_control.Hub"
  /// The hub's interface, versioned so that an incompatible successor can live beside it.
  static let interface = "io.github.swift_remote_control.Hub1"
  /// The object path of the hub's interfaces: MPRIS's, where the proxy player and playerctld's
  /// interface are served too.
  static let path: ObjectPath = .mediaPlayer
  /// The controller asked for a player while there is none.
  static let noPlayerError: BusError.Name = "io.github.swift_remote_control.Hub1.Error.NoPlayer"
  /// The controller named a player that is not a candidate.
  static let unknownPlayerError: BusError.Name = "io.github.swift_remote_control.Hub1.Error.UnknownPlayer"

  /// playerctld's bus name, which playerctl asks for its players in activity order.
  static let playerctldBusName = MediaPlayerBusName.named("playerctld")
  /// playerctld's interface.
  static let playerctldInterface = "com.github.altdesktop.playerctld"
  /// playerctld's error for Shift and Unshift without a player.
  static let playerctldNoActivePlayerError: BusError.Name = "com.github.altdesktop.playerctld.NoActivePlayer"
}
