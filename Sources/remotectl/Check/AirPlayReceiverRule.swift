internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS

/// The rule for an AirPlay receiver (shairport-sync): its MPRIS `CanPlay`, `CanPause`,
/// `CanGoNext`, `CanGoPrevious` and `CanControl` must not promise what cannot reach the sender.
///
/// shairport-sync (3.3.8) says them all true, but its commands go back to the phone over DACP,
/// which it has only while its own `org.gnome.ShairportSync.RemoteControl` `Available` is true
/// (iOS 17.4 and macOS 14.4 ignore DACP: shairport-sync#1822, #1858); while it is false, MPRIS
/// `Pause` answers success and does nothing (shairport-sync#1702).
enum AirPlayReceiverRule {
  /// shairport-sync's own interface, at ``path``, on the connection of its MPRIS player.
  static let interface = ShairportSyncNames.remoteControl
  /// Where shairport-sync serves its own interfaces.
  static let path = ShairportSyncNames.path
  /// The rule's name.
  static let rule = "commands-reach-the-player"

  /// `RemoteControl.Available` of the player whose connection is `owner`; `nil` when it serves
  /// no such interface (it is no shairport-sync, and the rule does not apply); a failure when
  /// the player did not answer.
  static func isAvailable(owner: String, on connection: Connection) async
    -> Result<Bool, ConformanceChecker.Reason>?
  {
    let reply: [Value]
    do {
      reply = try await connection.call(
        destination: try BusName(owner), path: path, interface: StandardInterface.properties, member: "Get",
        arguments: [.string(interface), .string(ShairportSyncNames.available)], timeout: .seconds(2))
    } catch {
      if ClientError(name: error.name.rawValue, message: error.message).isMissing { return nil }
      return .failure(.init(text: "\(interface) Available cannot be read: \(error.message)"))
    }
    // Any MPRIS player may answer for an interface of that name; only a boolean is shairport-sync's.
    return reply.first?.unwrappingVariants.boolValue.map { .success($0) }
  }

  /// The verdict: a failure when a command is promised while `Available` is false, or when
  /// `Available` could not be read.
  static func result(_ state: PlayerState, isAvailable: Result<Bool, ConformanceChecker.Reason>) -> RuleResult
  {
    switch isAvailable {
    case .failure(let reason): .fail(rule, reason.text)
    case .success(let isAvailable): result(state, isAvailable: isAvailable)
    }
  }

  /// The verdict: a failure when a command is promised while `Available` is false.
  static func result(_ state: PlayerState, isAvailable: Bool) -> RuleResult {
    let promised: [(PlayerProperty, Bool)] = [
      (.canPlay, state.canPlay), (.canPause, state.canPause), (.canGoNext, state.canGoNext),
      (.canGoPrevious, state.canGoPrevious), (.canControl, state.canControl),
    ]
    let offered = promised.filter(\.1).map(\.0.rawValue)
    if isAvailable {
      return .pass(rule, "\(interface) Available is true: commands reach the AirPlay sender")
    }
    guard !offered.isEmpty else {
      return .pass(rule, "\(interface) Available is false, and no command is offered")
    }
    return .fail(
      rule,
      "\(offered.joined(separator: ", ")) true while \(interface) Available is false: no command reaches "
        + "the AirPlay sender, so Play, Pause, Next and Previous answer success and do nothing "
        + "(shairport-sync#1702)")
  }
}
