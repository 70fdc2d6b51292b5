internal import DBus
internal import HubAPI
internal import HubSupport
internal import RemoteControlMPRIS

/// What the doctor says about Bluetooth: what a car's display and buttons and an earbud's taps
/// reach (the hub's `io.github.swift_remote_control.Bluetooth1`), and a running `mpris-proxy`,
/// which registers its own pick with BlueZ: bluetoothd serves every AVRCP session the player
/// registered first (BlueZ profiles/audio/avrcp.c, `g_slist_nth_data(server->players, 0)`).
extension Doctor {
  /// The Bluetooth findings, as the hub at `owner` says and the session bus shows; none from a
  /// hub without the interface.
  static func bluetooth(_ session: BusSession, owner: BusName) async -> [Finding] {
    guard let status = await properties(of: Bluetooth1.interface, at: owner, session: session) else {
      return []
    }
    let reason = status[Bluetooth1.Property.reason]?.stringValue ?? ""
    let adapters = (status[Bluetooth1.Property.adapters]?.arrayElements ?? []).compactMap(\.stringValue)
    let registered = (status[Bluetooth1.Property.registered]?.arrayElements ?? []).compactMap(\.stringValue)
    var refusals: [(adapter: String, sentence: String)] = []
    if case .dictionary(_, _, let entries)? = status[Bluetooth1.Property.refusals] {
      refusals = entries.compactMap { entry in
        entry.key.stringValue.flatMap { adapter in
          entry.value.stringValue.map { (adapter: adapter, sentence: $0) }
        }
      }
    }
    var findings: [Finding] = []
    if !reason.isEmpty {
      findings.append(Finding(kind: .note, text: "Bluetooth: \(reason)"))
    } else {
      let unregistered = adapters.filter { !registered.contains($0) }
      findings.append(
        Finding(
          kind: .ok,
          text: "Bluetooth: bluetoothd has "
            + (adapters.isEmpty ? "no adapter" : "the adapters \(adapters.joined(separator: ", "))")
            + (registered.isEmpty
              ? "; the hub registers no player with them"
              : "; the Now Playing player is registered with \(registered.joined(separator: ", "))")
            + (unregistered.isEmpty || registered.isEmpty
              ? "" : " but not with \(unregistered.joined(separator: ", ")) (see the hub's log)")))
      // What bluetoothd refused (profiles/audio/media.c type-checks every property of a
      // registration): a car there shows less, or nothing, of the Now Playing app.
      for (adapter, sentence) in refusals.sorted(by: { $0.adapter < $1.adapter }) {
        let isRegistered = registered.contains(adapter)
        findings.append(
          Finding(
            kind: isRegistered ? .note : .problem,
            text: "Bluetooth: on \(adapter), \(sentence)",
            fix: isRegistered
              ? nil
              : "see the hub's log (`journalctl --user -u remotectld`) for bluetoothd's answer, and bluetoothd's own "
                + "(`journalctl -u bluetooth`)"))
      }
    }
    if let process = await mprisProxy(session) {
      // Its advice only where the hub takes its place: registered with the adapters.
      findings.append(
        Finding(
          kind: registered.isEmpty ? .note : .problem,
          text:
            "mpris-proxy runs (process \(process)): it registers every player with BlueZ, which gives a car "
            + "and earbuds the one registered first, so they may get mpris-proxy's pick rather than the Now "
            + "Playing player; the hub keeps the devices' players it makes from being Now Playing unless "
            + "their device streams to this computer",
          fix: registered.isEmpty
            ? nil
            : "`systemctl --user stop mpris-proxy` (and `systemctl --user mask mpris-proxy` to keep it off): the "
              + "hub registers the Now Playing player with every adapter in its place"))
    }
    return findings
  }

  /// The process of a running `mpris-proxy` on this session bus (a connection whose process's
  /// executable is `mpris-proxy`), `nil` when none runs.
  static func mprisProxy(_ session: BusSession) async -> Int32? {
    let names: [BusName]
    do {
      names = try await session.bus.connection.listNames()
    } catch {
      // The bus answered the doctor's other questions; one it cannot list now tells of no
      // mpris-proxy, which the Bluetooth findings then say nothing of.
      return nil
    }
    let files = ProcessFiles()
    for name in names where name.isUnique {
      let process: Int32
      do {
        process = try await session.bus.connection.processID(of: name, timeout: .seconds(2))
      } catch {
        // It left since the list was made, or the bus cannot say: not mpris-proxy as far as
        // anyone can tell.
        continue
      }
      if files.binary(of: process) == "mpris-proxy" { return process }
    }
    return nil
  }
}
