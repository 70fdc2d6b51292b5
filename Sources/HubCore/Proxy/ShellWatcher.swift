package import DBus
import HubAPI
import Synchronization

/// Follows the programs that list every MPRIS player themselves, by their bus names: the desktop
/// shells that show each player as a card and route the media keys (GNOME Shell
/// `org.gnome.Shell`, KDE Plasma `org.kde.plasmashell`), and the phone links that send a phone
/// the list of this machine's players (KDE Connect's daemon `org.kde.kdeconnect`, Valent
/// `ca.andyholmes.Valent`, GSConnect `org.gnome.Shell.Extensions.GSConnect`). Each would list
/// the hub's proxy as one more player beside the Now Playing app.
package final class ShellWatcher: Sendable {
  /// A program that lists every player.
  package struct Shell: Sendable, Hashable {
    /// Which of the hub's names it leaves out of its list.
    package enum Listing: Sendable, Hashable {
      /// It lists every MPRIS name but its own: the hub publishes none of its own.
      case everyName
      /// It lists every MPRIS name but its own and exactly `org.mpris.MediaPlayer2.playerctld`
      /// (KDE Connect's mpriscontrol plugin): the hub publishes the proxy under playerctld's
      /// name alone.
      case everyNameButPlayerctld
    }

    /// What users call it.
    package var name: String
    /// The bus name it owns while it runs.
    package var busName: BusName
    /// Which names it lists.
    package var listing: Listing = .everyName
    /// What it does with the players, for the hub's reason.
    package var does = "shows every player and routes the media keys itself"
  }

  /// The programs known to list every MPRIS player, first the one whose listing decides when
  /// several run: the shells, then the phone links that list playerctld's name too, then KDE
  /// Connect, which leaves it out (its mpriscontrol plugin's `serviceOwnerChanged`).
  package static let shells = [
    Shell(
      name: "GNOME Shell", busName: DesktopBusNames.gnomeShell,
      does:
        "shows every player; its media keys reach the Now Playing player as "
        + "org.mpris.MediaPlayer2.playerctld (org.mpris.MediaPlayer2.playerctld.remotectld while "
        + "playerctld runs), which it shows no card for"),
    Shell(
      name: "KDE Plasma", busName: DesktopBusNames.plasmaShell,
      does:
        "shows every player; its media keys reach the Now Playing player as "
        + "org.mpris.MediaPlayer2.playerctld (org.mpris.MediaPlayer2.playerctld.remotectld while "
        + "playerctld runs), which its Media Player applet does not list"),
    Shell(
      name: "GSConnect", busName: DesktopBusNames.gsConnect,
      does: "sends a phone every player, playerctld's name too"),
    Shell(
      name: "Valent", busName: DesktopBusNames.valent,
      does: "sends a phone every player, playerctld's name too"),
    Shell(
      name: "KDE Connect", busName: DesktopBusNames.kdeConnect, listing: .everyNameButPlayerctld,
      does: "sends a phone every player but playerctld's name"),
  ]

  private let running = Mutex<Set<Shell>>([])
  private let changed: @Sendable (Shell?) -> Void

  /// A watcher that calls `changed` with the shell that runs now (`nil`: none) each time that
  /// changes, on the connection's thread.
  package init(changed: @escaping @Sendable (Shell?) -> Void) {
    self.changed = changed
  }

  /// The program that decides now (the first of ``shells`` that runs), if any.
  package var shell: Shell? {
    running.withLock { running in Self.shells.first { running.contains($0) } }
  }

  /// Starts following the shells on `connection`, and reads which run now.
  package func start(on connection: Connection) async throws(BusError) -> [Subscription] {
    var subscriptions: [Subscription] = []
    for shell in Self.shells {
      subscriptions.append(
        try await connection.watchNameOwner(shell.busName) { [self] change in
          set(shell, running: change.newOwner != nil)
        })
    }
    for shell in Self.shells where try await connection.nameOwner(of: shell.busName) != nil {
      set(shell, running: true)
    }
    return subscriptions
  }

  private func set(_ shell: Shell, running isRunning: Bool) {
    let (before, after) = running.withLock { running in
      let before = Self.shells.first { running.contains($0) }
      if isRunning { running.insert(shell) } else { running.remove(shell) }
      return (before, Self.shells.first { running.contains($0) })
    }
    if before != after { changed(after) }
  }
}
