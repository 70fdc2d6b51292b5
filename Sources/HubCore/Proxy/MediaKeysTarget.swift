package import DBus
package import Logging
import PlayerView
import RemoteControlMPRIS
import ServiceLifecycle
import Synchronization

/// The player GNOME's media keys reach: gnome-settings-daemon's media-keys plugin
/// (`plugins/media-keys/mpris-controller.c`, GNOME 43) picks one MPRIS player by its own rule and
/// sends it the keys, never asking the hub. Read from its source (docs/hub.md, "GNOME's media
/// keys"): it takes every `org.mpris.MediaPlayer2.*` name, reads no `Can*`, keeps its target while
/// that says `PlaybackStatus` "Playing", and otherwise moves to any name that appears and to any
/// player whose `PropertiesChanged` finds it "Playing".
///
/// So while GNOME Shell runs the hub publishes the Now Playing player under
/// `org.mpris.MediaPlayer2.remotectld.MediaKeys`, on a connection of its own, as one more
/// ``Outlet`` with two overrides: `PlaybackStatus` "Playing" for the plugin alone, so that it
/// keeps the name against a phone remote, a device's player stuck "Playing" or a browser that
/// appears, and `CanPlay` false, so that GNOME Shell (`ui/mpris.js`, which shows a card only for a
/// player whose `CanPlay` is true) shows no card for it. The plugin reads `PlaybackStatus` once,
/// in its proxy's `GetAll`, and then only from `PropertiesChanged`; the outlet never announces
/// it (its announced value stays "Playing"), and answers every other reader's `Get` and `GetAll`
/// with the Now Playing player's own status (``Readers``), and tells each of those readers its
/// changes in a `PropertiesChanged` addressed to it alone (``tellReaders(_:on:)``). Every key it is sent goes through the hub's
/// ``CommandPath`` to the Now Playing player; every other player stays reachable by its own name.
/// The name is one of the hub's (`remotectld.*`), so no arbiter of ours takes it for a candidate.
///
/// Every other program that lists MPRIS names sees the name too (the bus daemon answers
/// `ListNames` alike for every caller), as one more entry for the Now Playing app; so the target
/// also queues for playerctld's name (``HubNames/playerctldBusName``) on the same connection,
/// where the hub answers playerctld's interface (`PlayerNames`, which leaves the hub's own names
/// out): playerctl, and the bars built on `playerctl -l`, take their list from `PlayerNames`
/// while that name is on the bus (`pctl_list_player_names_on_bus`), and KDE Connect's
/// mpriscontrol plugin skips exactly that name. And it answers an empty `Identity`, which
/// GSConnect's list for the phone skips (`Manager.getIdentities` in its `components/mpris.js`).
package final class MediaKeysTarget: Service, Sendable {
  /// The bus name gnome-settings-daemon's media keys reach.
  package static let busName = MediaPlayerBusName.named("remotectld.MediaKeys")

  /// The shells the target is published beside: those whose media keys pick a player by the rule
  /// above (GNOME Shell, with gnome-settings-daemon).
  package static let shellBusNames: Set<BusName> = ["org.gnome.Shell"]

  /// What the target announces instead of the Now Playing player's values: a `PlaybackStatus`
  /// that never changes, so never announced, `CanPlay` false and an empty `Identity`.
  package static let overrides: Outlet.Overrides = [
    PlayerProperty.playbackStatus.rawValue: { _ in .string(PlaybackStatus.playing.rawValue) },
    PlayerProperty.canPlay.rawValue: { _ in .bool(false) },
    RootProperty.identity.rawValue: { _ in .string("") },
  ]

  /// The process whose reads of `PlaybackStatus` say "Playing": gnome-settings-daemon's
  /// media-keys plugin (its command name, `/proc/PID/comm`).
  package static let mediaKeysCommand = "gsd-media-keys"

  /// What each reader reads instead of ``overrides``: `PlaybackStatus` "Playing" for
  /// ``mediaKeysCommand`` (and in `PropertiesChanged`, which never carries it), the Now Playing
  /// player's own status as `status` shows it for every other reader.
  package static func readerOverrides(
    _ readers: Readers, status: @escaping @Sendable (Value) -> Value = { $0 }
  ) -> Outlet.ReaderOverrides {
    [
      PlayerProperty.playbackStatus.rawValue: { value, reader in
        let playing = Value.string(PlaybackStatus.playing.rawValue)
        guard let reader else { return playing }
        return readers.isMediaKeys(reader) ? playing : status(value)
      }
    ]
  }

  /// Tells every reader but gnome-settings-daemon's media keys the Now Playing player's new
  /// `values` of the properties ``readerOverrides(_:)`` computes, each in a `PropertiesChanged`
  /// addressed to it alone on `connection` (a reader that has left is not reached: the bus
  /// daemon drops a signal to a name that is gone).
  package static func tellReaders(_ readers: Readers, on connection: Connection)
    -> @Sendable ([String: Value]) -> Void
  {
    { values in
      for reader in readers.others {
        connection.emitPropertiesChanged(
          path: .mediaPlayer, interface: InterfaceDescription.player.name, changed: values, to: reader)
      }
    }
  }

  /// Which readers are gnome-settings-daemon's media keys, by unique name: each asked of the bus
  /// daemon once (a unique name is never reused on a bus).
  package final class Readers: Sendable {
    /// Readers told apart at most: past it the oldest answers are asked again.
    static let capacity = 256
    private let known = Mutex<(names: [BusName: Bool], order: [BusName])>(([:], []))

    package init() {}

    /// The readers told apart that are not gnome-settings-daemon's media keys, oldest first.
    var others: [BusName] {
      known.withLock { known in known.order.filter { known.names[$0] == false } }
    }

    /// Whether `reader` is ``MediaKeysTarget/mediaKeysCommand``; on the connection's thread.
    func isMediaKeys(_ reader: PropertyReader) -> Bool {
      if let known = known.withLock({ $0.names[reader.name] }) { return known }
      let isMediaKeys = reader.command == MediaKeysTarget.mediaKeysCommand
      known.withLock { known in
        if known.order.count >= Self.capacity {
          known.names[known.order.removeFirst()] = nil
        }
        known.names[reader.name] = isMediaKeys
        known.order.append(reader.name)
      }
      return isMediaKeys
    }
  }

  private let connection: Connection
  private let outlet: Outlet
  private let answersPlayerctld: Bool
  private let logger: Logger
  private let requests: AsyncStream<Bool>.Continuation
  private let pending: AsyncStream<Bool>
  private let owns = Mutex(false)
  /// Whether playerctld's name was requested (owned or queued for).
  private let queuesForPlayerctld = Mutex(false)

  /// A target that publishes the Now Playing player's `outlet` (made with ``overrides``) on
  /// `connection`, a connection that serves nothing else but, when `answersPlayerctld`, the
  /// hub's answer for playerctld (whose name it then queues for beside its own).
  package init(connection: Connection, outlet: Outlet, answersPlayerctld: Bool, logger: Logger) {
    self.connection = connection
    self.outlet = outlet
    self.answersPlayerctld = answersPlayerctld
    self.logger = logger
    (pending, requests) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
  }

  /// Whether the hub owns ``busName`` now.
  package var isPublished: Bool { owns.withLock { $0 } }

  /// Follows `shell`, the program that lists every player now (`nil`: none): the name is held
  /// while it is one of ``shellBusNames``.
  package func shellChanged(_ shell: ShellWatcher.Shell?) {
    requests.yield(shell.map { Self.shellBusNames.contains($0.busName) } ?? false)
  }

  /// Requests and releases the name as told until graceful shutdown; then releases it.
  package func run() async {
    await withGracefulShutdownHandler {
      for await wanted in pending { await apply(wanted) }
    } onGracefulShutdown: { [requests] in
      requests.finish()
    }
    await apply(false)
  }

  private func apply(_ wanted: Bool) async {
    guard wanted != isPublished else { return }
    if wanted {
      // Announcing before the name is owned: the values gnome-settings-daemon reads first are
      // the ones it is told changed next.
      outlet.setPublished(true)
      do {
        switch try await connection.requestName(Self.busName, flags: [.doNotQueue]) {
        case .primaryOwner, .alreadyOwner:
          owns.withLock { $0 = true }
          logger.info("owning \(Self.busName): GNOME's media keys reach the Now Playing player")
          if answersPlayerctld { await queueForPlayerctld() }
        case .inQueue, .exists:
          outlet.setPublished(false)
          logger.warning(
            "\(Self.busName) is taken by another process: GNOME's media keys pick by their own rule")
        }
      } catch {
        outlet.setPublished(false)
        logger.error("cannot request \(Self.busName)", metadata: ["error": "\(error.message)"])
      }
    } else {
      outlet.setPublished(false)
      owns.withLock { $0 = false }
      if queuesForPlayerctld.withLock({ $0 }) {
        queuesForPlayerctld.withLock { $0 = false }
        do {
          try await connection.releaseName(HubNames.playerctldBusName)
        } catch {
          logger.warning(
            "cannot release \(HubNames.playerctldBusName)", metadata: ["error": "\(error.message)"])
        }
      }
      do {
        try await connection.releaseName(Self.busName)
        logger.info("released \(Self.busName)")
      } catch {
        logger.warning("cannot release \(Self.busName)", metadata: ["error": "\(error.message)"])
      }
    }
  }

  /// Requests playerctld's name, queued behind its owner (playerctld itself, or the proxy's
  /// connection while it lets the name go), so that the bus hands it over once that one leaves.
  private func queueForPlayerctld() async {
    do {
      switch try await connection.requestName(HubNames.playerctldBusName, flags: []) {
      case .primaryOwner, .alreadyOwner:
        logger.info(
          "owning \(HubNames.playerctldBusName) beside \(Self.busName): playerctl lists the hub's PlayerNames"
        )
      case .inQueue, .exists:
        logger.info(
          "\(HubNames.playerctldBusName) is owned by another process; the keys' player takes it once that one stops"
        )
      }
      queuesForPlayerctld.withLock { $0 = true }
    } catch {
      logger.error("cannot request \(HubNames.playerctldBusName)", metadata: ["error": "\(error.message)"])
    }
  }
}
