import DBus
import HubCore
import PlayerView
import RemoteControlMPRIS

/// An MPRIS player on the system bus as a relay's source: read from the system bus's view of the
/// players, and sent calls and writes on the view's connection, so a reply arrives after every
/// change the player announced before it (read-your-writes through the relay).
///
/// While the player cannot be controlled from here (shairport-sync's
/// `org.gnome.ShairportSync.RemoteControl` `Available` false: no way back to the AirPlay sender),
/// it says `CanPlay`, `CanPause`, `CanGoNext` and `CanGoPrevious` false, and a `Play`, `Pause`,
/// `PlayPause`, `Next` or `Previous` fails with `NotSupported` rather than succeeding silently
/// (shairport-sync 3.3.8 answers them with success and does nothing, shairport-sync#1702).
struct SystemBusPlayerSource: RelaySource {
  /// The players the sender's remote control gates.
  static let gatedProperties: [PlayerProperty] = [.canPlay, .canPause, .canGoNext, .canGoPrevious]
  /// The methods that need a way back to the sender.
  static let gatedMethods: Set<String> = Set(
    [PlayerMethod.play, .pause, .playPause, .next, .previous].map(\.rawValue))

  /// The system bus's view of the players.
  package let view: PlayerView
  /// The player's connection on the system bus.
  package let owner: BusName
  /// Its MPRIS bus name there, for error messages.
  package let busName: BusName
  /// Whether a command can reach what it plays now.
  let isControllable: @Sendable () -> Bool

  var mirror: PlayerMirror? {
    guard var mirror = view.mirror(of: owner) else { return nil }
    if !isControllable() {
      for property in Self.gatedProperties {
        mirror.properties[MediaPlayerInterface.player.rawValue, default: [:]][property.rawValue] = .bool(
          false)
      }
    }
    return mirror
  }

  package func call(
    _ member: String, of interface: String, arguments: [Value],
    answered: @escaping @Sendable (Result<[Value], BusError>) -> Void
  ) {
    if interface == MediaPlayerInterface.player.rawValue, Self.gatedMethods.contains(member),
      !isControllable()
    {
      answered(
        .failure(
          BusError(
            .notSupported,
            "\(busName) on the system bus cannot reach the AirPlay sender (shairport-sync's "
              + "\(ShairportSync.remoteControl).\(ShairportSync.available) is false): \(member) would do nothing"
          )))
      return
    }
    view.connection.call(
      destination: owner, path: .mediaPlayer, interface: interface, member: member, arguments: arguments
    ) { result in
      answered(result.mapError { explained($0, doing: member) })
    }
  }

  package func write(
    _ property: String, of interface: String, _ value: Value,
    answered: @escaping @Sendable (Result<Void, BusError>) -> Void
  ) {
    view.connection.call(
      destination: owner, path: .mediaPlayer, interface: StandardInterface.properties, member: "Set",
      arguments: [.string(interface), .string(property), .variant(value)]
    ) { result in
      answered(result.map { _ in () }.mapError { explained($0, doing: "set \(property)") })
    }
  }

  /// `error`, from the player while `doing`, in words that say where it came from: one that
  /// left the bus before it answered says so. On the view's connection thread.
  func explained(_ error: BusError, doing action: String) -> BusError {
    view.connection.assertOnConnectionThread()
    let unanswered: Set<BusError.Name> = [.noReply, .serviceUnknown, .nameHasNoOwner, .disconnected]
    guard unanswered.contains(error.name) else {
      return BusError(error.name, "\(busName) on the system bus: \(error.message)")
    }
    let how = view.mirror(of: owner) == nil ? "left the system bus before it answered" : "did not answer"
    return BusError(error.name, "\(busName) \(how) \(action) (\(error.message))")
  }
}
