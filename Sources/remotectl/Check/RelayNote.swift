internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS

/// What `remotectl check` says first when the player it checks is one of the Now Playing hub's
/// relays (`NAME.system`, a system-bus player published on the session bus): which player on the
/// system bus it relays, and how to check that one. A relay serves legal MPRIS values in place of
/// the source's illegal ones ("Not Available" read as Stopped, a Rate below MinimumRate as
/// MinimumRate), so its check says nothing of what the source breaks.
enum RelayNote {
  /// The suffix the hub gives a system-bus player's name on the session bus (MPRIS's instance
  /// form).
  static let systemSuffix = ".system"

  /// The note for `identity` on `session`, or `nil` when it is no relay of the hub's: its name
  /// does not end in `.system`, or its connection is not the hub's process.
  static func text(for identity: PlayerIdentity, session: BusSession) async -> String? {
    guard identity.instance.hasSuffix(systemSuffix) else { return nil }
    let connection = session.bus.connection
    let owner: String
    do {
      // Nobody owns it: the check itself says the player is not there.
      guard let found = try await session.bus.owner(of: identity) else { return nil }
      owner = found
    } catch {
      return "cannot tell whether \(identity.busName) is the Now Playing hub's relay: the bus does not say "
        + "who owns it (\(error))"
    }
    guard let hub = await HubClient(session: session).owner(),
      let relayProcess = await processID(of: owner, on: connection),
      await processID(of: hub.rawValue, on: connection) == relayProcess
    else { return nil }
    let source = PlayerIdentity(instance: String(identity.instance.dropLast(systemSuffix.count)))
    let prefix = "\(identity.busName) is the Now Playing hub's relay of \(source.busName) on the system bus"
    let advice =
      "its values are the relay's, made legal for MPRIS; check the player itself with "
      + "`remotectl check --system \(source.instance)`"
    let system: MediaPlayerBus
    do {
      system = try await MediaPlayerBus.connectToSystemBus()
    } catch {
      return "\(prefix), which this remotectl cannot reach (no system bus: \(error)); \(advice)"
    }
    defer { system.close() }
    let sourceOwner: String
    do {
      guard let found = try await system.owner(of: source) else {
        return "\(prefix), which is no longer there; \(advice)"
      }
      sourceOwner = found
    } catch {
      return "\(prefix), whose owner the system bus does not say (\(error)); \(advice)"
    }
    let process = await processID(of: sourceOwner, on: system.connection).map { ", process \($0)" } ?? ""
    return "\(prefix) (\(sourceOwner)\(process)): \(advice)"
  }

  /// The process of the connection that owns `name` on `connection`'s bus
  /// (``Connection/processID(of:timeout:)``), `nil` when the bus does not say: the note then
  /// leaves the process out, which is all a failure here changes.
  static func processID(of name: String, on connection: Connection) async -> Int32? {
    guard let name = BusName(rawValue: name) else { return nil }
    do {
      return try await connection.processID(of: name, timeout: .seconds(2))
    } catch {
      return nil
    }
  }
}
