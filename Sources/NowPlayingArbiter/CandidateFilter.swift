/// Which bus names are candidates for Now Playing: MPRIS players that are not proxies of other
/// players and that the user did not ignore.
package struct CandidateFilter: Sendable, Hashable {
  /// The prefix of every MPRIS player's bus name: RemoteControlMPRIS's `PlayerIdentity.busNamePrefix`,
  /// restated because this platform-free module imports no backend (remotectl's tests check that
  /// the two agree).
  package static let mprisPrefix = "org.mpris.MediaPlayer2."

  /// The player names of proxies, which forward another player rather than play: playerctld,
  /// KDE Connect's players of other devices, and a Now Playing hub such as remotectld.
  package static let proxies = ["playerctld", "kdeconnect", "remotectld"]

  /// Player names (`vlc`) or bus names (`org.mpris.MediaPlayer2.vlc`) to leave out; each also
  /// leaves out its instances (`vlc.instance42`), as playerctl's `--ignore-player` does.
  package var ignored: [String]

  /// Creates a filter that leaves out the proxies and `ignored`.
  package init(ignoring ignored: [String] = []) {
    self.ignored = ignored
  }

  /// Whether `busName` is a candidate.
  package func admits(_ busName: String) -> Bool {
    guard busName.hasPrefix(Self.mprisPrefix) else { return false }
    let player = busName.dropFirst(Self.mprisPrefix.utf8.count)
    guard !player.isEmpty else { return false }
    let left =
      Self.proxies
      + ignored.map { name in
        name.hasPrefix(Self.mprisPrefix) ? String(name.dropFirst(Self.mprisPrefix.utf8.count)) : name
      }
    return !left.contains { player == $0 || player.hasPrefix($0 + ".") }
  }
}
