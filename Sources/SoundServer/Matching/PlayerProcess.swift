package import HubSupport

/// What the hub learns of a player's process when it first sees the player, to match the
/// player to the sound server's streams.
package struct PlayerProcess: Sendable, Hashable {
  /// The process the bus reports for the player's connection (`GetConnectionUnixProcessID`):
  /// the player's own, or, for a Flatpak app, that of the `xdg-dbus-proxy` its bus goes through.
  package var processID: Int32
  /// The Flatpak sandbox that process runs in (`/proc/<pid>/root/.flatpak-info`), `nil` outside
  /// one.
  package var flatpak: ProcessFiles.FlatpakInfo?
  /// The player's MPRIS `DesktopEntry`, for the last, heuristic, match.
  package var desktopEntry: String?

  /// A player's process.
  package init(processID: Int32, flatpak: ProcessFiles.FlatpakInfo? = nil, desktopEntry: String? = nil) {
    self.processID = processID
    self.flatpak = flatpak
    self.desktopEntry = desktopEntry
  }

  /// The player whose connection is `processID`, its sandbox read from `tree`.
  package init(processID: Int32, desktopEntry: String?, reading tree: some ProcessTree) {
    self.init(processID: processID, flatpak: tree.flatpakInfo(of: processID), desktopEntry: desktopEntry)
  }
}
