package import DBus
import Glibc
import HubAPI
package import Logging
import PlayerView
import RemoteControlMPRIS
import ServiceLifecycle
import Synchronization

/// The player GNOME's and Plasma's media keys reach: gnome-settings-daemon's media-keys plugin
/// (`plugins/media-keys/mpris-controller.c`, GNOME 43) picks one MPRIS player by its own rule and
/// sends it the keys, never asking the hub. Read from its source (docs/hub.md, "GNOME's media
/// keys"): it takes every `org.mpris.MediaPlayer2.*` name, reads no `Can*`, keeps its target while
/// that says `PlaybackStatus` "Playing", and otherwise moves to any name that appears and to any
/// player whose `PropertiesChanged` finds it "Playing".
///
/// So while GNOME Shell runs the hub publishes the Now Playing player under playerctld's name
/// (``HubNames/playerctldBusName``; ``busName`` while another process holds that one), on a
/// connection of its own, as one more
/// ``Outlet`` whose ``overrides`` include two for GNOME: `PlaybackStatus` "Playing" for the
/// plugin alone, so that it keeps the name against a phone remote, a device's player stuck
/// "Playing" or a browser that appears, and `CanPlay` false, so that GNOME Shell (`ui/mpris.js`, which shows a card only for a
/// player whose `CanPlay` is true) shows no card for it. The plugin reads `PlaybackStatus` once,
/// in its proxy's `GetAll`, and then only from `PropertiesChanged`; the outlet never announces
/// it (its announced value stays "Playing"), and answers every other reader's `Get` and `GetAll`
/// with the Now Playing player's own status (``Readers``), and tells each of those readers its
/// changes in a `PropertiesChanged` addressed to it alone (``tellReaders(_:on:)``). Every key it is sent goes through the hub's
/// ``CommandPath`` to the Now Playing player; every other player stays reachable by its own name.
/// The name is one of the hub's (`remotectld.*`), so no arbiter of ours takes it for a candidate.
///
/// Plasma 5.27's media keys (the Media Player applet's mpris2 engine, `dataengines/mpris2/
/// multiplexer.cpp` and `multiplexedservice.cpp`; docs/hub.md, "Plasma's media keys") pick by a
/// rule of the same kind: a player that says "Playing" takes the keys from one that does not, and
/// keeps them while it says so. So while Plasma runs the same target is published, and the
/// applet's processes (``Readers/Kind/plasma``) read "Playing" too. Two things differ. The
/// applet sends the Play/Pause key as `Pause` to a player that says "Playing": a `Pause` from
/// them is sent on as `Pause` if the Now Playing player plays and `Play` if not
/// (``callRewrite(_:)``); their Pause key is then a Play/Pause key too. And the applet lists
/// every player the engine took in, but leaves out each player whose process another player's
/// `Metadata` names as its `kde:pid` (plasma-browser-integration's hint, which the multiplexer
/// follows too: such a player is picked as the one that names it). The target's `Metadata`
/// carries `kde:pid` of the hub's own process: the applet lists neither the target nor the
/// hub's other players (its relays of a device's or the system bus's players, the bridge's
/// pages), and its multiplexer takes each of those for the target. The engine ignores for good a
/// player whose `Identity` it first reads empty, so the applet's processes read the Now Playing
/// player's (never empty).
///
/// Every other program that lists MPRIS names sees the name too (the bus daemon answers
/// `ListNames` alike for every caller), so the name is the one the lists leave out: playerctld's,
/// where the hub answers playerctld's interface on the same connection (`PlayerNames`, which
/// leaves the hub's own names out). playerctl, and the bars built on `playerctl -l`, take their
/// list from `PlayerNames` while that name is on the bus (`pctl_list_player_names_on_bus`), and
/// KDE Connect's mpriscontrol plugin skips exactly that name; gnome-settings-daemon and Plasma's
/// engine take it as any other `org.mpris.MediaPlayer2.*` name. While playerctld itself runs, the
/// target queues for its name and is ``busName`` meanwhile, a name the running playerctld leaves
/// out of its list (one more entry for KDE Connect). And every other reader reads an empty
/// `Identity`, which GSConnect's list for the phone skips (`Manager.getIdentities` in its
/// `components/mpris.js`).
package final class MediaKeysTarget: Service, Sendable {
  /// The bus name GNOME's and Plasma's media keys reach while another process (playerctld)
  /// holds playerctld's: in playerctld's own namespace, which playerctld 2.4.1 leaves out of its
  /// players (`well_known_name_is_managed` in `playerctl-daemon.c` skips every name starting
  /// `org.mpris.MediaPlayer2.playerctld`), so the `PlayerNames` of the running playerctld, and
  /// `playerctl -l`, `remotectl -l` and the bars that read it, list the apps alone. KDE Connect
  /// lists it (it skips exactly playerctld's name, which playerctld owns without letting it be
  /// replaced); `remotectl doctor` says so, and that the hub answers for playerctld itself.
  package static let busName = HubAddress.mediaKeysBesidePlayerctld

  /// The shells the target is published beside: those whose media keys pick a player by the rules
  /// above (GNOME Shell, with gnome-settings-daemon; Plasma, with its Media Player applet).
  package static let shellBusNames: Set<BusName> = [DesktopBusNames.gnomeShell, DesktopBusNames.plasmaShell]

  /// The `Metadata` key by which Plasma's applet and multiplexer take every player of one
  /// process for the player that carries it (plasma-browser-integration's).
  package static let plasmaProcessKey = "kde:pid"

  /// The target's `Identity` while the Now Playing player has none (no player at all).
  package static let identityWithoutPlayer = "Now Playing"

  /// What the target announces instead of the Now Playing player's values: a `PlaybackStatus`
  /// that never changes, so never announced; `CanPlay` false; `CanControl` true (MPRIS never
  /// announces it, so Plasma's engine, which sends no key to a player without it, would keep the
  /// false it read while there was no Now Playing player; a call with none fails with the hub's
  /// error); `Metadata` with ``plasmaProcessKey`` the hub's process; an empty `Identity`, which
  /// never changes either (Plasma's processes read another: ``readerOverrides(_:status:)``).
  package static let overrides: Outlet.Overrides = [
    PlayerProperty.playbackStatus.rawValue: { _ in .string(PlaybackStatus.playing.rawValue) },
    PlayerProperty.canPlay.rawValue: { _ in .bool(false) },
    PlayerProperty.canControl.rawValue: { _ in .bool(true) },
    PlayerProperty.metadata.rawValue: { value in naming(ownProcess, in: value) },
    RootProperty.identity.rawValue: { _ in .string("") },
  ]

  /// The hub's process id.
  private static let ownProcess = UInt32(truncatingIfNeeded: getpid())

  /// `metadata` (an `a{sv}`) with ``plasmaProcessKey`` `process`, in place of the Now Playing
  /// player's own if it has one.
  static func naming(_ process: UInt32, in metadata: Value) -> Value {
    var entries: [DictionaryEntry] = []
    if case .dictionary("s", "v", let present) = metadata {
      entries = present.filter { $0.key.stringValue != plasmaProcessKey }
    }
    entries.append(DictionaryEntry(key: .string(plasmaProcessKey), value: .variant(.uint32(process))))
    return .dictionary(
      keySignature: "s", valueSignature: "v",
      entries.sorted { ($0.key.stringValue ?? "") < ($1.key.stringValue ?? "") })
  }

  /// The process whose reads of `PlaybackStatus` say "Playing": gnome-settings-daemon's
  /// media-keys plugin (its command name, `/proc/PID/comm`).
  package static let mediaKeysCommand = "gsd-media-keys"

  /// The processes that run Plasma's Media Player applet and its mpris2 engine: plasmashell (in
  /// the system tray) and plasmawindowed (the applet in a window of its own).
  package static let plasmaCommands: Set<String> = ["plasmashell", "plasmawindowed"]

  /// What each reader reads instead of ``overrides``: `PlaybackStatus` "Playing" for the
  /// media keys' processes (and in `PropertiesChanged`, which never carries it), the Now Playing
  /// player's own status as `status` shows it for every other reader; `Identity` the Now Playing
  /// player's for Plasma's processes (``identityWithoutPlayer`` when it has none), empty for
  /// every other reader.
  package static func readerOverrides(
    _ readers: Readers, status: @escaping @Sendable (Value) -> Value = { $0 }
  ) -> Outlet.ReaderOverrides {
    [
      PlayerProperty.playbackStatus.rawValue: { value, reader in
        let playing = Value.string(PlaybackStatus.playing.rawValue)
        guard let reader else { return playing }
        return readers.kind(of: reader) == .other ? status(value) : playing
      },
      RootProperty.identity.rawValue: { value, reader in
        guard let reader, readers.kind(of: reader) == .plasma else { return .string("") }
        return value.stringValue?.isEmpty == false ? value : .string(identityWithoutPlayer)
      },
    ]
  }

  /// What Plasma's calls are sent on as: its Play/Pause key arrives as `Pause` (the target says
  /// "Playing" to it), and goes on as `Pause` while the Now Playing player plays and as `Play`
  /// otherwise. Every other call, and every call of another client, goes on as it came.
  package static func callRewrite(_ readers: Readers) -> Outlet.CallRewrite {
    { member, caller, status in
      guard member == PlayerMethod.pause.rawValue, let caller, readers.kind(ofCaller: caller) == .plasma
      else {
        return member
      }
      return status == .playing ? member : PlayerMethod.play.rawValue
    }
  }

  /// Tells every reader but the media keys' processes the Now Playing player's new
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

  /// Which readers are the media keys' processes, by unique name: each asked of the bus daemon
  /// once (a unique name is never reused on a bus).
  package final class Readers: Sendable {
    /// What a reader is to the target.
    package enum Kind: Sendable, Hashable {
      /// gnome-settings-daemon's media keys (``MediaKeysTarget/mediaKeysCommand``).
      case gnome
      /// Plasma's Media Player applet and its engine (``MediaKeysTarget/plasmaCommands``).
      case plasma
      /// Any other client.
      case other

      init(command: String?) {
        switch command {
        case MediaKeysTarget.mediaKeysCommand?: self = .gnome
        case let command? where MediaKeysTarget.plasmaCommands.contains(command): self = .plasma
        default: self = .other
        }
      }
    }

    /// Readers told apart at most: past it the oldest answers are asked again.
    static let capacity = 256
    private let known = Mutex<(names: [BusName: Kind], order: [BusName])>(([:], []))

    package init() {}

    /// The readers told apart that are not the media keys' processes, oldest first.
    var others: [BusName] {
      known.withLock { known in known.order.filter { known.names[$0] == .other } }
    }

    /// What `reader` is; on the connection's thread.
    func kind(of reader: PropertyReader) -> Kind {
      if let known = known.withLock({ $0.names[reader.name] }) { return known }
      let kind = Kind(command: reader.command)
      known.withLock { known in
        if known.order.count >= Self.capacity {
          known.names[known.order.removeFirst()] = nil
        }
        known.names[reader.name] = kind
        known.order.append(reader.name)
      }
      return kind
    }

    /// What the caller `name` is, if it read the target's properties before (Plasma's engine
    /// reads them all before it sends any key); `nil` otherwise.
    func kind(ofCaller name: BusName) -> Kind? {
      known.withLock { $0.names[name] }
    }
  }

  /// What the target follows.
  private enum Input: Sendable {
    /// Whether a shell whose keys it serves runs.
    case wanted(Bool)
    /// Who owns playerctld's name now.
    case playerctldOwner(BusName?)
  }

  /// The names the target holds.
  private struct Held: Sendable {
    var wanted = false
    var playerctld = PlayerctldNameHold()
    var ownsOwnName = false
  }

  private let connection: Connection
  private let outlet: Outlet
  private let answersPlayerctld: Bool
  private let logger: Logger
  private let requests: AsyncStream<Input>.Continuation
  private let pending: AsyncStream<Input>
  private let owns = Mutex(false)

  /// A target that publishes the Now Playing player's `outlet` (made with ``overrides``) on
  /// `connection`, a connection that serves nothing else but, when `answersPlayerctld`, the
  /// hub's answer for playerctld, whose name it then publishes the target under (and its own,
  /// ``busName``, only while another process holds playerctld's).
  package init(connection: Connection, outlet: Outlet, answersPlayerctld: Bool, logger: Logger) {
    self.connection = connection
    self.outlet = outlet
    self.answersPlayerctld = answersPlayerctld
    self.logger = logger
    (pending, requests) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
  }

  /// Whether the target is on the bus now, under playerctld's name or ``busName``.
  package var isPublished: Bool { owns.withLock { $0 } }

  /// Follows `shell`, the program that lists every player now (`nil`: none): the target is
  /// published while it is one of ``shellBusNames``.
  package func shellChanged(_ shell: ShellWatcher.Shell?) {
    requests.yield(.wanted(shell.map { Self.shellBusNames.contains($0.busName) } ?? false))
  }

  /// Requests and releases the names as told until graceful shutdown; then releases them.
  package func run() async {
    var watch: Subscription?
    if answersPlayerctld {
      // Requested only in the loop below, after the watch is in place: no owner to ask now.
      watch = await PlayerctldNameHold.follow(on: connection, askingNow: false, logger: logger) {
        [requests] owner in requests.yield(.playerctldOwner(owner))
      }
    }
    var held = Held()
    await withGracefulShutdownHandler {
      for await input in pending {
        switch input {
        case .wanted(let wanted): held.wanted = wanted
        case .playerctldOwner(let owner): held.playerctld.ownerChanged(to: owner, on: connection)
        }
        await apply(&held)
      }
    } onGracefulShutdown: { [requests] in
      requests.finish()
    }
    watch?.cancel()
    held.wanted = false
    await apply(&held)
  }

  /// Requests and releases names until `held` is what `held.wanted` asks for: playerctld's name
  /// (queued for), and the target's own only while the target does not own playerctld's. The
  /// target's own is released only once playerctld's is owned, so that the keys' pick never
  /// finds the target gone.
  private func apply(_ held: inout Held) async {
    guard held.wanted else {
      outlet.setPublished(false)
      owns.withLock { $0 = false }
      await held.playerctld.release(on: connection, logger: logger)
      if held.ownsOwnName {
        held.ownsOwnName = false
        await connection.releaseName(Self.busName, logger: logger)
      }
      return
    }
    // Announcing before a name is owned: the values gnome-settings-daemon reads first are the
    // ones it is told changed next.
    outlet.setPublished(true)
    if answersPlayerctld { await held.playerctld.request(on: connection, logger: logger) }
    if held.playerctld.isOwned {
      if held.ownsOwnName || !isPublished {
        logger.info(
          "the shell's media keys reach the Now Playing player as \(HubNames.playerctldBusName)")
      }
      if held.ownsOwnName {
        held.ownsOwnName = false
        await connection.releaseName(Self.busName, logger: logger)
      }
    } else if !held.ownsOwnName {
      held.ownsOwnName = await connection.requestName(Self.busName, queue: false, logger: logger)
      logger.info(
        held.ownsOwnName
          ? "the shell's media keys reach the Now Playing player as \(Self.busName)"
          : "the shell's media keys pick by their own rule: the target has no name")
    }
    let published = held.playerctld.isOwned || held.ownsOwnName
    if !published { outlet.setPublished(false) }
    owns.withLock { $0 = published }
  }
}
