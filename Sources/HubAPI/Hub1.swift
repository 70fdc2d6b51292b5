package import DBus

/// `io.github.swift_remote_control.Hub1`, the hub's interface for controllers: the players in
/// activity order, the Now Playing one, pinning one, and sending a user's command along the hub's
/// command path. Versioned, so that an incompatible successor can live beside it.
package enum Hub1 {
  /// The interface name.
  package static let interface = "io.github.swift_remote_control.Hub1"

  /// The interface's methods.
  package enum Method {
    /// `Shift() → s`: pins the next player in activity order; answers the active player's bus name.
    package static let shift = "Shift"
    /// `Unshift() → s`: pins the last player in activity order; answers the active player's bus name.
    package static let unshift = "Unshift"
    /// `Select(s player)`: pins the player named by bus name, player name (`vlc`) or unique name.
    package static let select = "Select"
    /// `Send(s player, s interface, s member, av arguments) → av`: a user's MPRIS command, sent to
    /// the player named (empty: the Now Playing player) along the hub's command path, with its
    /// side effects; answers the player's reply, each value in a variant.
    package static let send = "Send"
  }

  /// The interface's properties, all announced in `PropertiesChanged`.
  package enum Property {
    /// `Players` (`as`): the candidates' bus names in activity order, the active one first.
    package static let players = "Players"
    /// `ActivePlayer` (`s`): the Now Playing player's bus name, empty when there is none.
    package static let activePlayer = "ActivePlayer"
    /// `ProxyMode` (`s`: `auto`, `on` or `off`): whether the hub publishes a proxy player.
    package static let proxyMode = "ProxyMode"
    /// `ProxyPublished` (`b`): whether the proxy player's names are published now.
    package static let proxyPublished = "ProxyPublished"
    /// `ProxyReason` (`s`): why they are, or are not.
    package static let proxyReason = "ProxyReason"
  }

  /// The interface's signals.
  package enum Signal {
    /// `NowPlayingChanged(s active, as players)`: the whole new state, after every change.
    package static let nowPlayingChanged = "NowPlayingChanged"
  }

  /// The interface's errors.
  package enum ErrorName {
    /// A controller asked for a player while there is none.
    package static let noPlayer: BusError.Name = "io.github.swift_remote_control.Hub1.Error.NoPlayer"
    /// A controller named a player that is not a candidate.
    package static let unknownPlayer: BusError.Name =
      "io.github.swift_remote_control.Hub1.Error.UnknownPlayer"
  }
}
