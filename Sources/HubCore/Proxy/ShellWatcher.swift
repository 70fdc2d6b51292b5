package import DBus
import Synchronization

/// Follows the desktop shells that show every MPRIS player themselves and route the media keys,
/// by their bus names: GNOME Shell (`org.gnome.Shell`) and KDE Plasma (`org.kde.plasmashell`).
package final class ShellWatcher: Sendable {
  /// A shell that shows every player.
  package struct Shell: Sendable, Hashable {
    /// What users call it.
    package var name: String
    /// The bus name it owns while it runs.
    package var busName: BusName
  }

  /// The shells known to show every MPRIS player as a card of its own.
  package static let shells = [
    Shell(name: "GNOME Shell", busName: "org.gnome.Shell"),
    Shell(name: "KDE Plasma", busName: "org.kde.plasmashell"),
  ]

  private let running = Mutex<Set<Shell>>([])
  private let changed: @Sendable (Shell?) -> Void

  /// A watcher that calls `changed` with the shell that runs now (`nil`: none) each time that
  /// changes, on the connection's thread.
  package init(changed: @escaping @Sendable (Shell?) -> Void) {
    self.changed = changed
  }

  /// The shell that runs now, if any.
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
