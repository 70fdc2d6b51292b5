package import DBus

/// What the command path tells of a user's press: the audio session part implements it (it does
/// not resume, when a call ends, a player the user paused during the call), and remotectld hands
/// it to ``CommandPath``. The core calls the part through it, so the part depends on the core and
/// never the other way.
package protocol PressListener: Sendable {
  /// The user pressed play, pause, play-pause or stop on `owner`'s player, through the hub
  /// (``UserCommand/isPlaybackPress``).
  func userPressed(_ owner: BusName)
}

/// What brings back the last Now Playing app when a play finds no player: the relaunch part
/// implements it, and remotectld hands it to ``CommandPath``.
package protocol AppRelauncher: Sendable {
  /// Whether a play with no player starts the last Now Playing app.
  var isEnabled: Bool { get }

  /// Whether an app has been Now Playing, so that a play with no player has an app to bring back.
  var hasLastApp: Bool { get }

  /// Starts the last Now Playing app and calls `completion` with its unique name once it is a
  /// player on the bus, or why nothing plays.
  func relaunch(then completion: @escaping @Sendable (Result<BusName, RelaunchFailure>) -> Void)
}

/// Why a relaunch played nothing, in words a user can act on.
package struct RelaunchFailure: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  package var description: String

  package init(description: String) {
    self.description = description
  }
}
