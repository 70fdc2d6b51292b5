/// `io.github.swift_remote_control.Notifications1`, the hub's track notifications (`--notify`,
/// `notify = yes`): whether they are on, which `remotectl doctor` reads.
package enum Notifications1 {
  /// The interface name.
  package static let interface = "io.github.swift_remote_control.Notifications1"

  /// The interface's properties, none announced: they hold for as long as the hub runs.
  package enum Property {
    /// `Enabled` (`b`): whether the hub sends a desktop notification
    /// (`org.freedesktop.Notifications`) per track the Now Playing player plays.
    package static let enabled = "Enabled"
  }
}
