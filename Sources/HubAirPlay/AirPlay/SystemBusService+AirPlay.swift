package import DBus
import HubCore
import Logging
import PlayerView
import RemoteControlMPRIS
import Synchronization

/// shairport-sync, an AirPlay receiver, as the system-bus part relays it: its
/// `org.gnome.ShairportSync.RemoteControl` `Available` gates the relay's presses
/// (``SystemBusPlayerSource``), and its `org.gnome.ShairportSync` `Active` whether the relay may
/// be Now Playing: only while a sender streams to it or it plays, as iOS makes the AirPlay
/// session Now Playing while it lasts.
extension SystemBusService {
  /// The rule's name among the hub's rules on who may be Now Playing (`Hub+Eligibility.swift`).
  static let rule = "AirPlay receivers"

  // MARK: - shairport-sync

  /// A `PropertiesChanged` at shairport-sync's path. On the hub's bus thread.
  func shairportSyncChanged(_ message: ReceivedMessage) {
    hub.connection.assertOnConnectionThread()
    guard let owner = message.sender, let interface = message.arguments.first?.stringValue,
      interface == ShairportSync.interface || interface == ShairportSync.remoteControl,
      message.arguments.count > 1
    else { return }
    take(message.arguments[1], of: interface, from: owner)
  }

  /// Takes shairport-sync's `values` of `interface`: the relay's capabilities, the registry and
  /// the rule follow. On the hub's bus thread.
  package func take(_ values: Value, of interface: String, from owner: BusName) {
    hub.connection.assertOnConnectionThread()
    let outcome = players.withLock { players -> (RelayedPlayer?, Relayed, [String])? in
      guard var player = players[owner] else { return nil }
      let (taken, illTyped) = player.session.take(values, of: interface)
      let newlyIllTyped = illTyped.filter { player.illTyped.insert($0).inserted }
      players[owner] = player
      guard !taken.isEmpty || !newlyIllTyped.isEmpty else { return nil }
      return (player.relay, player.relayed(owner: owner), newlyIllTyped)
    }
    guard let (relay, relayed, illTyped) = outcome else { return }
    for name in illTyped {
      logger.warning(
        "shairport-sync sent a property that is not a boolean; the hub goes without it",
        metadata: ["owner": "\(owner)", "interface": "\(interface)", "property": "\(name)"])
    }
    guard let relay else { return }
    relay.update(relayed)
    if interface == ShairportSync.remoteControl {
      relay.changed(
        MediaPlayerInterface.player.rawValue, names: SystemBusPlayerSource.gatedProperties.map(\.rawValue))
    } else {
      settle(owner)
    }
  }

  // MARK: - Now Playing

  /// Whether the relay whose session connection is `relay` may be Now Playing: an AirPlay
  /// receiver only while a sender streams to it or it plays; every other player may.
  func isEligible(relay: BusName) -> Bool {
    guard case .systemBusPlayer(let relayed)? = hub.relays.relayed(by: relay) else { return true }
    return isEligible(relayed.owner)
  }

  /// Whether the system-bus player `owner` may be Now Playing: while it plays, or while its
  /// session lasts (`Active`) and its stream has not ended. A sender's TEARDOWN makes
  /// shairport-sync say `Stopped` at once but keeps `Active` for its `active_state_timeout`
  /// (10 s by default), so `Stopped` ends the session here at once; a phone's pause reads
  /// `Paused` and keeps it.
  func isEligible(_ owner: BusName) -> Bool {
    guard let isActive = players.withLock({ $0[owner]?.session.isActive }) else { return true }
    let mirror = view.withLock({ $0 })?.mirror(of: owner)
    if mirror?.isPlaying == true { return true }
    return isActive && mirror?.playbackStatus != PlaybackStatus.stopped.rawValue
  }

  /// Tells the hub whether `owner`'s relay may be Now Playing, when that changed. On the hub's
  /// bus thread.
  func settle(_ owner: BusName) {
    hub.connection.assertOnConnectionThread()
    guard let relay = players.withLock({ $0[owner]?.relay }) else { return }
    let eligible = isEligible(owner)
    guard let event = hub.eligibility(of: relay.owner, by: Self.rule, isEligible: eligible) else { return }
    logger.info(
      eligible
        ? "an AirPlay receiver may be Now Playing: a sender streams to it"
        : "an AirPlay receiver is listed but not Now Playing: no sender streams to it",
      metadata: ["relay": "\(relay.name)"])
    hub.applyHere([event])
  }
}
