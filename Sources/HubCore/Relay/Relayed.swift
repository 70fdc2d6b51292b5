package import DBus

/// What one of the hub's relays (``RelayedPlayer``) relays, as the ``RelayRegistry`` tells it.
package enum Relayed: Sendable, Hashable {
  /// An MPRIS player on the system bus, relayed as `org.mpris.MediaPlayer2.NAME.system`.
  case systemBusPlayer(SystemBusPlayer)
  /// A Bluetooth device's own player, `org.bluez.MediaPlayer1` at this object path on the system
  /// bus, relayed under the name mpris-proxy would give it (`DevicePlayerRule.mprisProxyName`).
  case devicePlayer(ObjectPath)

  /// An MPRIS player on the system bus.
  package struct SystemBusPlayer: Sendable, Hashable {
    /// Its MPRIS bus name on the system bus (`org.mpris.MediaPlayer2.ShairportSync`).
    package var busName: BusName
    /// Its connection's unique name on the system bus.
    package var owner: BusName
    /// Its process, as the system bus tells it (`GetConnectionUnixProcessID`); `nil` when the bus
    /// would not say.
    package var processID: Int32?
    /// Whether a command can reach what it plays from here: `false` while shairport-sync's
    /// `org.gnome.ShairportSync.RemoteControl` `Available` is false (no way back to the AirPlay
    /// sender); `true` for every other player.
    package var isControllable = true
    /// shairport-sync's `org.gnome.ShairportSync` `Active` (a sender streams to it); `nil` for a
    /// player that does not serve that interface: it is no AirPlay receiver.
    package var isStreaming: Bool?

    package init(
      busName: BusName, owner: BusName, processID: Int32?, isControllable: Bool = true,
      isStreaming: Bool? = nil
    ) {
      self.busName = busName
      self.owner = owner
      self.processID = processID
      self.isControllable = isControllable
      self.isStreaming = isStreaming
    }

    /// Whether it is an AirPlay receiver (shairport-sync): it serves `org.gnome.ShairportSync`.
    package var isAirPlayReceiver: Bool { isStreaming != nil }
  }
}
