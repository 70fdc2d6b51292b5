/// How the hub's process was started, as far as its environment tells: whether a call may be
/// waiting for the proxy's name (`org.mpris.MediaPlayer2.remotectld`, which has an activation
/// file of its own) as the hub starts, so that the hub must own it once for the call to be
/// delivered.
///
/// dbus-daemon starts a service it activates itself (an activation file's `Exec=`) with
/// `DBUS_STARTER_ADDRESS` and `DBUS_STARTER_BUS_TYPE` set. With `SystemdService=` it asks systemd to
/// start `remotectld.service` instead, which sets neither: systemd sets `INVOCATION_ID` for every
/// unit it starts, for a call or with the session alike.
package enum ProxyActivation: Sendable, Hashable {
  /// dbus-daemon started the hub itself, for one of its names: the call may be for the proxy's.
  case byTheBus
  /// systemd started the hub: perhaps for a call to the proxy's name, perhaps with the session.
  case bySystemd
  /// Started by hand, by a script or a test: no call waits for the proxy's name.
  case byHand

  /// How a process with `environment` was started.
  package init(environment: [String: String]) {
    if environment["DBUS_STARTER_ADDRESS"] != nil || environment["DBUS_STARTER_BUS_TYPE"] != nil {
      self = .byTheBus
    } else if environment["INVOCATION_ID"] != nil {
      self = .bySystemd
    } else {
      self = .byHand
    }
  }

  /// Whether the hub owns the proxy's name once as it starts while it publishes the proxy under
  /// playerctld's name alone, given whether it owns playerctld's name (playerctld is not
  /// running).
  ///
  /// A name owned and released at once is what playerctld 2.4.1 crashes on (SIGSEGV, nothing on
  /// its standard error): it asks each new MPRIS name's owner for its properties, frees the
  /// player when the name goes, and when the answers come after that, writes them into the freed
  /// player (its debug log: "removing name from players", then "got all properties response").
  /// So beside a running playerctld the hub owns the name only where the bus started it and a
  /// call surely may wait (playerctld may still crash then); under systemd, which cannot tell,
  /// playerctld is spared and a call to the proxy's name while it runs waits in vain.
  package func ownsProxyNameOnce(ownsPlayerctld: Bool) -> Bool {
    switch self {
    case .byTheBus: true
    case .bySystemd: ownsPlayerctld
    case .byHand: false
    }
  }
}
