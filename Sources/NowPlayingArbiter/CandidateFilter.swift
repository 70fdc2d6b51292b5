/// Which bus names are candidates for Now Playing: MPRIS players that are not proxies of other
/// players and that the user did not ignore.
package struct CandidateFilter: Sendable, Hashable {
  /// The prefix of every MPRIS player's bus name: RemoteControlMPRIS's `PlayerIdentity.busNamePrefix`,
  /// restated because this platform-free module imports no backend (remotectl's tests check that
  /// the two agree).
  package static let mprisPrefix = "org.mpris.MediaPlayer2."

  /// The player names of phone remotes: the players a phone link publishes for the players of a
  /// phone (or another computer), whose sound plays there, not here. As their sources name them:
  /// KDE Connect's mprisremote plugin `kdeconnect.mpris_000001`, GSConnect's mpris plugin
  /// `GSConnect.` + the device's and the app's names with every non-word character removed
  /// (`GSConnect.PixelSpotify`), Valent's mpris plugin `Valent.Player0` (`Valent` alone before
  /// 2022). A phone remote that says "Playing" says so of the phone: it is never Now Playing here,
  /// so a press meant for this machine's Now Playing app never reaches it; it is still reached by
  /// name (`remotectl -p`, `playerctl -p`).
  package static let phoneRemotes = ["kdeconnect", "GSConnect", "Valent"]

  /// The player names of proxies, which forward another player rather than play: playerctld,
  /// a Now Playing hub such as remotectld, and the ``phoneRemotes``.
  package static let proxies = ["playerctld", "remotectld"] + phoneRemotes

  /// Whether `busName` is a phone remote's (one of ``phoneRemotes`` or an instance of one).
  package static func isPhoneRemote(_ busName: String) -> Bool {
    guard busName.hasPrefix(mprisPrefix) else { return false }
    let player = busName.dropFirst(mprisPrefix.utf8.count)
    return phoneRemotes.contains { player == $0 || player.hasPrefix($0 + ".") }
  }

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
