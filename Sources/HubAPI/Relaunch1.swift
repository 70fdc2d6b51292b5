/// `io.github.swift_remote_control.Relaunch1`, the hub's relauncher: a play with no player starts
/// the last Now Playing app, as iOS's lock screen and headset do.
package enum Relaunch1 {
  /// The interface name.
  package static let interface = "io.github.swift_remote_control.Relaunch1"

  /// The interface's methods.
  package enum Method {
    /// `Play() → s`: plays the Now Playing player, starting the last Now Playing app first when
    /// there is none; fails with ``Hub1/ErrorName/noPlayer`` saying why nothing plays.
    package static let play = "Play"
  }

  /// The interface's properties, not announced.
  package enum Property {
    /// `Enabled` (`b`): whether a play with no player starts the last Now Playing app.
    package static let enabled = "Enabled"
    /// `LastPlayer` (`s`): the last Now Playing app's MPRIS bus name.
    package static let lastPlayer = "LastPlayer"
    /// `LastDesktopEntry` (`s`): its `DesktopEntry`.
    package static let lastDesktopEntry = "LastDesktopEntry"
    /// `LastIdentity` (`s`): its `Identity`.
    package static let lastIdentity = "LastIdentity"
    /// `Plan` (`s`): what a play with no player would start, in words.
    package static let plan = "Plan"
  }
}
