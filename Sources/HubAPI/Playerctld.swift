package import DBus

/// playerctld's names (`com.github.altdesktop.playerctld`), which playerctl asks for its players
/// in activity order and which the hub answers in playerctld's stead: the hub's API takes them
/// as they are.
package enum Playerctld {
  /// playerctld's bus name: an MPRIS name, `org.mpris.MediaPlayer2.playerctld`.
  package static let busName: BusName = "org.mpris.MediaPlayer2.playerctld"
  /// playerctld's interface, at ``HubAddress/path``.
  package static let interface = "com.github.altdesktop.playerctld"

  /// The interface's methods.
  package enum Method {
    /// `Shift() → s`.
    package static let shift = "Shift"
    /// `Unshift() → s`.
    package static let unshift = "Unshift"
  }

  /// The interface's properties.
  package enum Property {
    /// `PlayerNames` (`as`): the players' bus names, most recently active first.
    package static let playerNames = "PlayerNames"
  }

  /// The interface's signals.
  package enum Signal {
    /// `ActivePlayerChangeBegin(s name)`.
    package static let activePlayerChangeBegin = "ActivePlayerChangeBegin"
    /// `ActivePlayerChangeEnd(s name)`.
    package static let activePlayerChangeEnd = "ActivePlayerChangeEnd"
  }

  /// The interface's errors.
  package enum ErrorName {
    /// Shift and Unshift without a player.
    package static let noActivePlayer: BusError.Name = "com.github.altdesktop.playerctld.NoActivePlayer"
  }
}
