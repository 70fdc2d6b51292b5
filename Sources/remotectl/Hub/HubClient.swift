internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS

/// The Now Playing hub (`remotectld`) as remotectl talks to it: its state, and its Shift,
/// Unshift and Select, over `io.github.swift_remote_control.Hub1` at `/org/mpris/MediaPlayer2`.
///
/// The hub's own commands (`hub`, `shift`, `unshift`, `select`, and `button`, `interrupt`,
/// `pair` and `devices` through their own clients) call its well-known name, so that D-Bus
/// activation starts an installed hub that does not run yet; `doctor` does not. Choosing the player for
/// another command asks the hub's unique name, found first with `GetNameOwner`: that never starts
/// a hub, and remotectl follows the hub's choice, and sends a verb's command through it
/// (``HubSend``), only when one runs and answers.
struct HubClient: Sendable {
  /// No hub owns its name on the bus, and the bus cannot start one: it is not installed, or
  /// installed where the session bus does not look (``HubInstallation``).
  static var notRunning: ControlError { ControlError(HubInstallation.notActivatable()) }

  /// The connection remotectl already has.
  let connection: Connection

  /// A client on `session`'s connection.
  init(session: BusSession) {
    connection = session.bus.connection
  }

  /// The unique name of the hub's connection, or `nil` when no hub runs (or the bus does not
  /// answer).
  func owner() async -> BusName? {
    // Expected: a bus that cannot say is a hub the verb goes without, as without a hub.
    (try? await connection.nameOwner(of: HubAddress.busName)) ?? nil
  }

  /// The state of the hub at `owner` (its well-known name unless given: an installed hub starts),
  /// read with one `GetAll`, so its two properties agree; ``notRunning`` when no hub runs or can
  /// be started.
  func state(of owner: BusName = HubAddress.busName, timeout: Duration = .seconds(5))
    async throws(ControlError) -> HubState
  {
    let reply = try await call(
      owner, interface: StandardInterface.properties, member: "GetAll", [.string(Hub1.interface)],
      timeout: timeout)
    guard case .dictionary(_, _, let entries)? = reply.first else {
      throw ControlError("The Now Playing hub answered GetAll with \(reply), not a dictionary")
    }
    var active = ""
    var players: [String] = []
    var mode: String?
    var isPublished: Bool?
    var reason = ""
    for entry in entries {
      let value = entry.value.unwrappingVariants
      switch entry.key.stringValue {
      case Hub1.Property.activePlayer: active = value.stringValue ?? ""
      case Hub1.Property.players: players = (value.arrayElements ?? []).compactMap(\.stringValue)
      case "ProxyMode": mode = value.stringValue
      case "ProxyPublished": isPublished = value.boolValue
      case "ProxyReason": reason = value.stringValue ?? ""
      default: break
      }
    }
    let proxy = mode.flatMap { mode in
      isPublished.map { HubState.Proxy(mode: mode, isPublished: $0, reason: reason) }
    }
    return HubState(active: active, players: players, proxy: proxy)
  }

  /// The active player's instance when a hub runs and has one; `nil` otherwise, whatever the
  /// reason (remotectl then chooses as it does without a hub). A hub that does not answer within
  /// half a second is passed over, so that a media key never waits on it.
  func activePlayer() async -> String? {
    guard let owner = await owner() else { return nil }
    // Expected: a hub slow or failing to answer is passed over, as the doc comment says.
    return try? await state(of: owner, timeout: .milliseconds(500)).active
  }

  /// `Shift` or `Unshift` (`member`); returns the instance of the player now active.
  func pin(_ member: String) async throws(ControlError) -> String {
    let reply = try await call(HubAddress.busName, interface: Hub1.interface, member: member, [])
    return HubState.instance(reply.first?.stringValue ?? "")
  }

  /// `Select(player)`: pins the player named by instance (`vlc`) or bus name.
  func select(_ player: String) async throws(ControlError) {
    _ = try await call(
      HubAddress.busName, interface: Hub1.interface, member: Hub1.Method.select, [.string(player)])
  }

  private func call(
    _ owner: BusName, interface: String, member: String, _ arguments: [Value], timeout: Duration = .seconds(5)
  ) async throws(ControlError) -> [Value] {
    do {
      return try await connection.call(
        destination: owner, path: HubAddress.path, interface: interface, member: member, arguments: arguments,
        timeout: timeout)
    } catch {
      switch error.name.rawValue {
      case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
        throw Self.notRunning
      case Hub1.ErrorName.unknownPlayer.rawValue, Hub1.ErrorName.noPlayer.rawValue:
        throw ControlError(error.message)
      default:
        throw ControlError("The Now Playing hub did not answer \(member): \(error.message)")
      }
    }
  }
}
