import BlockingIOPool
import DBus
import Glibc
package import HubCore
import HubSupport
package import Logging
import NowPlayingArbiter
import PlayerView
import Synchronization

/// The hub's rule for Bluetooth devices' own players (`org.bluez.MediaPlayer1`) on the session
/// bus: such a player may be Now Playing only while its device streams to this computer (see
/// ``BlueZObjects/streamsHere(_:)``); otherwise — a headphone's or a car's player, which makes
/// no sound here — it stays listed and reachable by name but never takes the media keys or the
/// car (``Arbiter/Event/eligibilityChanged(owner:isEligible:)``).
///
/// It applies to the players a running `mpris-proxy` (BlueZ's tool) makes of devices' players:
/// their bus name's owner is a process whose executable is `mpris-proxy`
/// (as the hub's view of the players learned it from the bus, then `/proc/PID/exe`). mpris-proxy names each after its device
/// (tools/mpris-proxy.c `register_player`: the device's `Alias`, a space and the player's `Name`
/// when it has one, through `mpris_busname`), which tells the rule whose player it is. One whose
/// device is not known is held a device player that plays nothing here.
///
/// It applies as well to the hub's own relays of devices' players (``DevicePlayerRelays``), which
/// the hub's relay registry names with their player's path.
package final class DevicePlayerRule: Sendable {
  /// What a session player's owner is, once known.
  private enum Kind: Sendable, Equatable {
    /// A process other than mpris-proxy: the rule does not apply.
    case other
    /// mpris-proxy: its players are devices' players, told by their names.
    case mprisProxy
    /// One of the hub's relays, of the device player at this path.
    case relay(ObjectPath)
  }

  /// What the rule last said of a player: whether it may be Now Playing, and whose it is.
  private struct Told: Sendable, Equatable {
    var isEligible: Bool
    var device: ObjectPath?
  }

  private struct State: Sendable {
    var objects = BlueZObjects()
    /// The session players' names, by owner.
    var names: [BusName: Set<String>] = [:]
    /// What each owner is, once known.
    var kinds: [BusName: Kind] = [:]
    /// The process asked for each owner, by a token: an answer for an earlier owner of the same
    /// unique name (a restarted bus hands them out again) is dropped.
    var asking: [BusName: Int] = [:]
    var nextAsk = 0
    /// The eligibility last told the hub, and the device it was told for (`nil`: not known
    /// yet), by owner.
    var told: [BusName: Told] = [:]
    /// The owners held back as they appeared (``admits(_:owner:)``), until their process is known.
    var heldBack: Set<BusName> = []
    /// Whether the rule follows the session's players: from the first adapter on, through which
    /// a device and its player may connect, so that a machine without Bluetooth pays nothing per
    /// player.
    var isFollowing = false
    /// What the rule observes, removed when it stops (``stop()``).
    var observers: [@Sendable () -> Void] = []
    var isStopped = false
  }

  /// The executable whose players are devices' players.
  static let mprisProxy = "mpris-proxy"
  /// The rule's name among the hub's rules on who may be Now Playing (`Hub+Eligibility.swift`).
  static let rule = "Bluetooth device players"

  private let hub: Hub
  private let logger: Logger
  private let state = Mutex(State())

  /// The rule for `hub`'s players, fed by `bluetooth`.
  package init(hub: Hub, bluetooth: BluetoothService, logger: Logger) {
    self.hub = hub
    self.logger = logger
    let following = bluetooth.observe { [self] objects in
      hub.connection.perform { [self] in
        let starts = state.withLock { state in
          state.objects = objects
          guard !state.isStopped, !state.isFollowing,
            !objects.mediaAdapters.isEmpty || !objects.devicePlayers.isEmpty
          else {
            return false
          }
          state.isFollowing = true
          return true
        }
        if starts { follow() }
        settle()
      }
    }
    // A relay is entered again under its new unique name after the session bus restarted, which
    // its name may reach the view before: it is told a relay as soon as the registry knows.
    // A relay of a system-bus player is no device's: not one of the rule's.
    let relays = hub.relays.observe { [self] change in
      let kind: Kind
      switch change.relayed {
      case .devicePlayer(let path)?: kind = .relay(path)
      case .systemBusPlayer?: kind = .other
      case nil: return
      }
      let known = state.withLock { state -> Bool in
        guard state.names[change.owner] != nil, state.kinds[change.owner] != kind else { return false }
        state.kinds[change.owner] = kind
        state.asking[change.owner] = nil
        return true
      }
      if known { settle() }
    }
    state.withLock { state in
      state.observers = [{ bluetooth.removeObserver(following) }, { hub.relays.removeObserver(relays) }]
    }
  }

  /// Stops following bluetoothd, the relays and the session's players, and takes the rule out of
  /// the hub's rules on who may be Now Playing: the hub stops.
  package func stop() {
    let removals = state.withLock { state in
      state.isStopped = true
      defer { state.observers = [] }
      return state.observers
    }
    removals.forEach { $0() }
    hub.admission.withLock { $0[Self.rule] = nil }
  }

  /// Follows the session's players from now on, and looks at those already there (a running
  /// mpris-proxy's among them). On the view's connection thread.
  private func follow() {
    hub.connection.assertOnConnectionThread()
    hub.admission.withLock { $0[Self.rule] = { [self] name, owner in admits(name, owner: owner) } }
    let watching = hub.view.observe { [self] change in take(change) }
    let isStopped = state.withLock { state in
      if !state.isStopped { state.observers.append { [hub] in hub.view.removeObserver(watching) } }
      return state.isStopped
    }
    // Stopped meanwhile: what ``stop()`` could not see yet is undone here.
    guard !isStopped else {
      hub.view.removeObserver(watching)
      hub.admission.withLock { $0[Self.rule] = nil }
      return
    }
    for candidate in hub.nowPlaying.players {
      guard let owner = BusName(rawValue: candidate.owner) else { continue }
      _ = state.withLock { $0.names[owner, default: []].insert(candidate.busName) }
      askProcess(of: owner)
    }
  }

  /// The bus name mpris-proxy gives the session player of the device player at `path`
  /// (tools/mpris-proxy.c `register_player` and `mpris_busname`: every byte but ASCII letters,
  /// digits and `_` becomes `_`, and `bt_` goes before a leading digit); `nil` when its device
  /// has no alias.
  static func mprisProxyName(of path: ObjectPath, in objects: BlueZObjects) -> String? {
    guard let player = objects[path, BlueZ.mediaPlayer], let device = player["Device"]?.stringValue,
      let alias = ObjectPath(rawValue: device).flatMap({ objects[$0, BlueZ.device] })?["Alias"]?.stringValue
    else { return nil }
    let name = player["Name"]?.stringValue.map { alias + " " + $0 } ?? alias
    let canonical = String(
      decoding: name.utf8.map { byte in
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
          byte
        default: UInt8(ascii: "_")
        }
      }, as: UTF8.self)
    let prefix = canonical.first?.isNumber == true ? "bt_" : ""
    return "org.mpris.MediaPlayer2." + prefix + canonical
  }

  // MARK: - The session's players

  /// Whether a new player may be Now Playing as it appears: not until its process is known,
  /// since it may be mpris-proxy's player of a device the hub has not heard of yet (mpris-proxy
  /// follows the same `InterfacesAdded` and may be quicker); a relay of a system-bus player is
  /// no device's. On the view's connection thread, before ``take(_:)`` sees the name.
  private func admits(_ name: BusName, owner: BusName) -> Bool {
    hub.connection.assertOnConnectionThread()
    if case .systemBusPlayer? = hub.relays.relayed(by: owner) { return true }
    return state.withLock { state in
      guard state.kinds[owner] != .other else { return true }
      state.heldBack.insert(owner)
      return false
    }
  }

  /// On the view's connection thread.
  private func take(_ change: PlayerView.Change) {
    hub.connection.assertOnConnectionThread()
    switch change {
    case .nameAppeared(let name, let owner, let isNewPlayer):
      _ = state.withLock { $0.names[owner, default: []].insert(name.rawValue) }
      if isNewPlayer { askProcess(of: owner) } else { settle() }
    case .nameVanished(let name, let owner, let lastMirror):
      state.withLock { state in
        state.names[owner]?.remove(name.rawValue)
        if lastMirror != nil || state.names[owner]?.isEmpty == true {
          state.names[owner] = nil
          state.kinds[owner] = nil
          state.asking[owner] = nil
          state.told[owner] = nil
          state.heldBack.remove(owner)
        }
      }
    case .processIdentified(let owner):
      // The view's answer to the question put as the player appeared.
      if state.withLock({ $0.names[owner] != nil && $0.kinds[owner] == nil }) { askProcess(of: owner) }
    default:
      break
    }
  }

  /// Tells what `owner` is: one of the hub's relays of a device player, as the registry says, or
  /// else reads the executable of its connection's process, as the view learned it from the bus
  /// (once the view has: ``PlayerView/Change/processIdentified(owner:)`` calls this again). On the
  /// view's connection thread.
  private func askProcess(of owner: BusName) {
    hub.connection.assertOnConnectionThread()
    if case .devicePlayer(let path)? = hub.relays.relayed(by: owner) {
      let known = state.withLock { state -> Bool in
        guard state.names[owner] != nil else { return false }
        state.kinds[owner] = .relay(path)
        return true
      }
      if known { settle() }
      return
    }
    switch hub.view.mirror(of: owner)?.process {
    case nil:
      // Not answered yet: the view's processIdentified change brings it.
      return
    case .failure(let error)?:
      // The view said so in the log; the player stays held back, as a device's might be.
      logger.debug(
        "the bus cannot tell a player's process", metadata: ["owner": "\(owner)", "error": "\(error)"])
    case .success(let pid)?:
      // The hub's own connection: one of its relays, whose entry in the registry is late (the
      // session bus restarted); the registry's observer settles it.
      guard pid != getpid() else { return }
      let token = state.withLock { state in
        state.nextAsk += 1
        state.asking[owner] = state.nextAsk
        return state.nextAsk
      }
      BlockingIO.submit { [self] in
        let binary = ProcessFiles().binary(of: pid)
        hub.connection.perform { [self] in
          let known = state.withLock { state -> Bool in
            guard state.names[owner] != nil, state.asking[owner] == token else { return false }
            state.asking[owner] = nil
            state.kinds[owner] = binary == Self.mprisProxy ? .mprisProxy : .other
            return true
          }
          if known { settle() }
        }
      }
    }
  }

  // MARK: - The rule

  /// Tells the hub each device player's eligibility that changed (mpris-proxy's and the hub's own
  /// relays'). On the view's connection thread.
  private func settle() {
    hub.connection.assertOnConnectionThread()
    let (changes, lifted) = state.withLock { state -> ([(BusName, Bool, String, String)], [BusName]) in
      var names: [String: ObjectPath] = [:]
      for player in state.objects.devicePlayers {
        if let name = Self.mprisProxyName(of: player, in: state.objects) { names[name] = player }
      }
      var changes: [(BusName, Bool, String, String)] = []
      // Held back as it appeared, but not a device's player: it may be Now Playing.
      var lifted: [BusName] = []
      for (owner, kind) in state.kinds where kind == .other && state.heldBack.contains(owner) {
        state.heldBack.remove(owner)
        lifted.append(owner)
      }
      for (owner, kind) in state.kinds {
        let player: ObjectPath?
        let relay: String
        switch kind {
        case .other: continue
        case .mprisProxy:
          player = state.names[owner]?.lazy.compactMap { names[$0] }.first
          relay = Self.mprisProxy
        case .relay(let path):
          player = path
          relay = "the hub"
        }
        state.heldBack.remove(owner)
        let device = player.flatMap { state.objects[$0, BlueZ.mediaPlayer]?["Device"]?.stringValue }
          .flatMap(ObjectPath.init(rawValue:))
        let eligible = device.map { state.objects.streamsHere($0) } ?? false
        // Said again when the device becomes known (mpris-proxy may name its player before the
        // hub hears of the device): the eligibility event is applied only when it changed.
        let told = Told(isEligible: eligible, device: device)
        guard state.told[owner] != told else { continue }
        state.told[owner] = told
        changes.append((owner, eligible, device?.rawValue ?? "an unknown device", relay))
      }
      return (changes, lifted)
    }
    if !lifted.isEmpty {
      logger.debug(
        "a player named as a device's player is not mpris-proxy's: it may be Now Playing",
        metadata: ["owners": "\(lifted)"])
      hub.applyHere(lifted.compactMap { hub.eligibility(of: $0, by: Self.rule, isEligible: true) })
    }
    guard !changes.isEmpty else { return }
    for (owner, eligible, device, relay) in changes {
      logger.info(
        eligible
          ? "a Bluetooth device's player may be Now Playing: its device streams to this computer"
          : "a Bluetooth device's player is listed but not Now Playing: its device plays nothing here",
        metadata: ["owner": "\(owner)", "device": "\(device)", "relay": "\(relay)"])
    }
    hub.applyHere(changes.compactMap { hub.eligibility(of: $0.0, by: Self.rule, isEligible: $0.1) })
  }
}
