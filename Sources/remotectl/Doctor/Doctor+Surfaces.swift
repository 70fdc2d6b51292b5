internal import DBus
internal import HubAPI
internal import NowPlayingArbiter
internal import RemoteControlMPRIS

/// What the doctor says about the hub's parts the README names — whether the hub is installed
/// for D-Bus activation, the web remote's address, the bridge's listeners or why it is off — and
/// the names on the bus that are proxies, not players. The doctor only reads: it asks the hub's
/// unique name, so it never starts a hub through D-Bus activation.
extension Doctor {
  /// Why no hub runs, and whether D-Bus would start one (it is installed) on the first call to
  /// its name.
  static func hubAbsent(_ session: BusSession) async -> Finding {
    let activatable: [BusName]
    do {
      activatable = try await session.bus.connection.listActivatableNames(timeout: .seconds(2))
    } catch {
      return Finding(
        kind: .problem,
        text: "no Now Playing hub runs, and the bus does not say whether it can start one (\(error.message))",
        fix:
          "check that the session bus answers (`busctl --user list-activatable`), then run the doctor again")
    }
    guard activatable.contains(HubAddress.busName) else {
      if let prefix = HubInstallation.prefix, let folder = HubInstallation.activationFolder(prefix: prefix) {
        return Finding(
          kind: .problem,
          text: "no Now Playing hub runs, and the session bus cannot start it: remotectld is installed in "
            + (folder == HubInstallation.userFolder
              ? "\(prefix), but the bus has not read its activation folder (\(folder)) since it was made"
              : "\(prefix), where the bus does not look for activation files (\(folder))"),
          fix: HubInstallation.notActivatable(prefix: prefix))
      }
      return Finding(
        kind: .note,
        text: "no Now Playing hub runs, and none is installed on this bus: remotectl without -p picks the "
          + "player itself, as playerctl does, and `remotectl button press` plays or pauses")
    }
    return Finding(
      kind: .note,
      text: "no Now Playing hub runs yet; it is installed, so D-Bus starts it on the first of the hub's own "
        + "commands (`remotectl hub`, `shift`, `unshift`, `select`, `button`, `interrupt`, `pair`, `devices`; "
        + "the doctor only looks, and starts nothing); until then remotectl without -p picks the player itself"
    )
  }

  /// The web remote's address and the bridge's listeners, or why each is off, as the hub at
  /// `owner` says.
  static func hubSurfaces(_ session: BusSession, owner: BusName) async -> [Finding] {
    var findings: [Finding] = []
    if let web = await properties(of: WebRemote1.interface, at: owner, session: session) {
      let urls = (web[WebRemote1.Property.urls]?.arrayElements ?? []).compactMap(\.stringValue)
      // A hub older than the Reason property says nothing of why.
      let reason =
        web[WebRemote1.Property.reason]?.stringValue
        ?? "the hub runs with --no-http, or its HTTP port was taken (see its log)"
      findings.append(
        urls.isEmpty
          ? Finding(kind: .note, text: "the web remote is off: \(reason)")
          : Finding(
            kind: .ok,
            text:
              "the web remote is at \(urls.joined(separator: " and ")); `remotectl pair` lets a browser in"))
    }
    if let bridge = await properties(of: Bridge1.interface, at: owner, session: session) {
      findings.append(bridgeFinding(bridge))
    }
    return findings
  }

  /// The bridge's finding from its status properties.
  static func bridgeFinding(_ bridge: [String: Value]) -> Finding {
    let endpoint = bridge[Bridge1.Property.endpoint]?.stringValue ?? ""
    let socket = bridge[Bridge1.Property.socket]?.stringValue ?? ""
    let reason = bridge[Bridge1.Property.reason]?.stringValue ?? ""
    guard !endpoint.isEmpty || !socket.isEmpty else {
      return Finding(
        kind: .note, text: "the bridge is off: \(reason)",
        fix: "give remotectld XDG_RUNTIME_DIR (`dbus-update-activation-environment XDG_RUNTIME_DIR`, or "
          + "`systemctl --user import-environment XDG_RUNTIME_DIR`), then restart it")
    }
    let listeners = [endpoint, socket.isEmpty ? "" : "the unix socket \(socket)"].filter { !$0.isEmpty }
    return Finding(
      kind: reason.isEmpty ? .ok : .note,
      text: "the bridge serves pages and programs at \(listeners.joined(separator: " and "))"
        + (reason.isEmpty ? "" : " (\(reason))")
        + "; it reads the allowed origins when remotectld starts")
  }

  /// The names on the bus split into players and proxies (the hub's own proxy player,
  /// playerctld's name, KDE Connect's players of other devices), which forward to a player
  /// rather than play.
  static func playersAndProxies(_ all: [PlayerIdentity]) -> (
    players: [PlayerIdentity], proxies: [PlayerIdentity]
  ) {
    let filter = CandidateFilter()
    return (all.filter { filter.admits($0.busName) }, all.filter { !filter.admits($0.busName) })
  }

  /// The line naming the proxies on the bus, apart from the players; `nil` when there are none.
  static func proxiesFinding(_ proxies: [PlayerIdentity]) -> Finding? {
    guard !proxies.isEmpty else { return nil }
    return Finding(
      kind: .ok,
      text: "proxies on the bus, not players: " + proxies.map(\.instance).joined(separator: ", ")
        + " (they forward to the Now Playing player)")
  }

  /// `GetAll(interface)` of the hub at `owner`; `nil` when it does not serve that interface.
  static func properties(of interface: String, at owner: BusName, session: BusSession) async
    -> [String:
    Value]?
  {
    // `nil` for any error too: the hub then does not report that part (a hub older than the
    // part, or one that cannot answer now), which each caller's finding says in words.
    guard
      let reply = try? await session.bus.connection.call(
        destination: owner, path: HubAddress.path, interface: StandardInterface.properties,
        member: "GetAll",
        arguments: [.string(interface)], timeout: .seconds(5)),
      case .dictionary(_, _, let entries)? = reply.first
    else { return nil }
    var properties: [String: Value] = [:]
    for entry in entries {
      if let key = entry.key.stringValue { properties[key] = entry.value.unwrappingVariants }
    }
    return properties
  }
}
