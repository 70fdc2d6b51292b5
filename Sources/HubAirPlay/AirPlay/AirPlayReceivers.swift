package import DBus
package import HubCore
package import Logging

/// AirPlay to this computer in the audio session: a relay of an AirPlay receiver (shairport-sync,
/// as the relays' registry tells it) is a remote player (``RemotePlayers``): the phone that
/// streams to it cannot be paused from here, so where the audio session would pause a local
/// player, the receiver's streams, found by shairport-sync's process, are muted by
/// ``StreamSilencer`` and given back after; its sender's sessions are shairport-sync's
/// `org.gnome.ShairportSync` `Active`.
package struct AirPlayReceivers: RemotePlayers {
  let hub: Hub
  /// The hand on the receivers' streams.
  let silencer: StreamSilencer

  /// The AirPlay receivers among `hub`'s relays, their streams silenced on `server` (the
  /// default sound server when `nil`); nothing is silenced until ``run()``.
  package init(hub: Hub, server: String?, logger: Logger) {
    self.hub = hub
    self.silencer = StreamSilencer(server: server, logger: logger)
  }

  /// Whether the session player `owner` is a relay of an AirPlay receiver: its sender is a phone
  /// or a computer elsewhere.
  package func isRemote(_ owner: BusName) -> Bool {
    guard case .systemBusPlayer(let player)? = hub.relays.relayed(by: owner) else { return false }
    return player.isAirPlayReceiver
  }

  /// Whether a sender streams to the relay `owner` of an AirPlay receiver now (shairport-sync's
  /// `org.gnome.ShairportSync.Active`).
  package func sessionIsActive(_ owner: BusName) -> Bool {
    guard case .systemBusPlayer(let player)? = hub.relays.relayed(by: owner) else { return false }
    return player.isStreaming == true
  }

  /// Whether the relay became or stopped being an AirPlay receiver, and whether its sender's
  /// session began or ended (shairport-sync's `Active`).
  package func change(in change: RelayRegistry.Change) -> RemotePlayerChange? {
    guard case .systemBusPlayer(let now)? = change.relayed, case .systemBusPlayer(let then)? = change.before
    else { return nil }
    let isRemoteChanged = now.isAirPlayReceiver != then.isAirPlayReceiver
    var session: Bool?
    if let isActive = now.isStreaming, isActive != (then.isStreaming ?? false) { session = isActive }
    guard isRemoteChanged || session != nil else { return nil }
    return RemotePlayerChange(isRemoteChanged: isRemoteChanged, sessionIsActive: session)
  }

  package func silence(_ streams: [UInt32], of owner: String, done: (@Sendable () -> Void)?) {
    silencer.silence(streams, of: owner, done: done)
  }

  package func restore(_ owner: String, done: (@Sendable () -> Void)?) {
    silencer.restore(owner, done: done)
  }

  package func streamsAppeared(_ streams: [UInt32], of owner: String) {
    silencer.streamsAppeared(streams, of: owner)
  }

  package func forgetStreams() {
    silencer.forgetStreams()
  }

  package func run() async {
    await silencer.run()
  }

  package func finish() {
    silencer.finish()
  }
}
