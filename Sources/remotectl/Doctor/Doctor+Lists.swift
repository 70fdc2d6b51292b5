internal import DBus
internal import HubAPI
internal import NowPlayingArbiter
internal import RemoteControlMPRIS

/// What keeps an app from being one entry in the lists of players other programs make (KDE
/// Connect's, GSConnect's and Valent's for the phone, playerctl's and the bars'), where only the
/// user can change it. Each of those programs lists the bus's MPRIS names by a filter of its own
/// (docs/hub.md, "The desktops"), so a name of the hub's or a browser's that its filter does not
/// skip is one more entry for the same app.
extension Doctor {
  /// The name the hub's player for GNOME's and Plasma's media keys has while the user's own
  /// playerctld holds playerctld's name.
  static var mediaKeysFallbackName: String { HubAddress.mediaKeysBesidePlayerctld.rawValue }
  /// playerctld's name, which the hub's player for the media keys has otherwise.
  static var playerctldName: String { Playerctld.busName.rawValue }
  /// KDE Connect's daemon's bus name.
  static var kdeConnectName: String { DesktopBusNames.kdeConnect.rawValue }
  /// Valent's bus name.
  static var valentName: String { DesktopBusNames.valent.rawValue }
  /// The shells beside which the hub publishes a player for the media keys (GNOME Shell, Plasma).
  static let shellNames: Set<String> = [
    DesktopBusNames.gnomeShell.rawValue, DesktopBusNames.plasmaShell.rawValue,
  ]
  /// The player names of a Chromium-based browser's own MPRIS players (`chromium.instance<pid>`).
  static let chromiumPlayers = ["chromium", "chrome", "chrome-beta", "brave", "vivaldi", "opera", "msedge"]

  /// The findings about the lists, from the bus's names (`busNames`), whether playerctld's name
  /// is held by the hub's process (`hubHoldsPlayerctld`), and the hub's players (`hubPlayers`,
  /// bus names; `nil` when no hub runs).
  static func listFindings(busNames: Set<String>, hubHoldsPlayerctld: Bool, hubPlayers: [String]?)
    -> [Finding]
  {
    guard let hubPlayers else { return [] }
    var findings: [Finding] = []
    let keysFallback = busNames.contains(mediaKeysFallbackName)
    let keysName =
      keysFallback
      ? mediaKeysFallbackName
      : (hubHoldsPlayerctld && !shellNames.isDisjoint(with: busNames) ? playerctldName : nil)
    if keysFallback, busNames.contains(kdeConnectName) {
      findings.append(
        Finding(
          kind: .note,
          text: "playerctld runs beside the hub, so the media keys' player is \(mediaKeysFallbackName), "
            + "which KDE Connect lists for the phone as one more entry (it skips only playerctld's own "
            + "name, and playerctld does not let that one go)",
          fix: "stop playerctld and keep it from starting (remove `playerctld daemon` from your session's "
            + "start-up): the hub answers playerctl as playerctld does, and takes playerctld's name once "
            + "it is free"))
    }
    if let keysName, busNames.contains(valentName) {
      findings.append(
        Finding(
          kind: .note,
          text: "Valent lists every MPRIS name but its own: the media keys' player (\(keysName)) is one "
            + "more entry on the phone, and no name of the hub's is left out of both Valent's list and "
            + "playerctl's",
          fix: "for one entry per app there, run the hub with `--proxy off` (`proxy = off` in "
            + "remotectld.conf) and give the media keys to `remotectl` (README, \"The media keys on GNOME\")"
        ))
    }
    let prefix = CandidateFilter.mprisPrefix
    let twins = busNames.filter { name in
      guard name.hasPrefix(prefix), !hubPlayers.contains(name) else { return false }
      let player = name.dropFirst(prefix.utf8.count)
      return chromiumPlayers.contains { player.hasPrefix($0 + ".instance") }
    }
    if !twins.isEmpty {
      findings.append(
        Finding(
          kind: .note,
          text: "the browser's own player "
            + twins.sorted().map { String($0.dropFirst(prefix.utf8.count)) }.joined(separator: ", ")
            + " is a page the hub already has as a player (on the bridge): KDE Connect, GSConnect, Valent "
            + "and the desktops list that page twice (playerctl -l once)",
          fix: "start the browser with `--disable-features=HardwareMediaKeyHandling` (it then publishes no "
            + "player of its own for any tab: a page not on the bridge is no player at all)"))
    }
    return findings
  }

  /// ``listFindings(busNames:hubHoldsPlayerctld:hubPlayers:)`` for the bus of `session`, where
  /// the hub's connection is `hubOwner` (`nil`: no hub runs).
  static func lists(_ session: BusSession, hubOwner: BusName?) async -> [Finding] {
    guard let hubOwner else { return [] }
    let connection = session.bus.connection
    let names: [BusName]
    let players: [String]
    do {
      names = try await connection.listNames(timeout: .seconds(2))
      players = try await HubClient(session: session).state(of: hubOwner).players
    } catch {
      return [Finding(kind: .note, text: "cannot tell which names other programs list twice (\(error))")]
    }
    let hubHoldsPlayerctld: Bool
    do {
      let owner = try await connection.nameOwner(of: Playerctld.busName, timeout: .seconds(2))
      if let owner {
        let ownerProcess = try await connection.processID(of: owner, timeout: .seconds(2))
        hubHoldsPlayerctld =
          try await ownerProcess == connection.processID(of: hubOwner, timeout: .seconds(2))
      } else {
        hubHoldsPlayerctld = false
      }
    } catch {
      // The name's owner or the hub left meanwhile: the lists are read as they are now.
      hubHoldsPlayerctld = false
    }
    return listFindings(
      busNames: Set(names.map(\.rawValue)), hubHoldsPlayerctld: hubHoldsPlayerctld, hubPlayers: players)
  }
}
