internal import RemoteControlMPRIS

/// Runs the verbs of the extension interface: to the selected players in order (as playerctl
/// sends its commands) until one does it, or to all of them with `-a`. A player without the
/// interface, or whose `Can…` property is false, is passed over; when none could do it, the error
/// says why for each.
enum ExtensionController {
  /// Runs `action` with the global `options`.
  static func run(_ action: ExtensionAction, options: GlobalOptions) async throws(ControlError) {
    if options.format != nil || options.follow {
      throw .couldNotExecute("format strings and follow are not supported on command: \(action.name)")
    }
    let session = try BusSession.connect()
    defer { session.bus.close() }
    let identities = try await session.selectedPlayers(options.choice)
    guard !identities.isEmpty else { throw options.noMessages ? ControlError("") : .noPlayers }
    let states = await session.states(of: identities)
    let activity = states.reduce(into: [String: PlayerActivity]()) {
      $0[$1.key.instance] = PlayerActivity($1.value)
    }
    var reasons: [String] = []
    var handledAny = false
    for instance in options.choice.order(states.keys.map(\.instance), activity: activity) {
      let player = session.bus.player(PlayerIdentity(instance: instance))
      do {
        guard let properties = try await player.remoteControlProperties() else {
          reasons.append(
            "\(action.name) is not supported by \(instance): it has no \(RemotePlayer.remoteControlInterface) interface"
          )
          continue
        }
        if let gate = action.gate, properties[gate.rawValue]?.boolValue != true {
          reasons.append("\(action.name) is not available on \(instance): \(gate.rawValue) is false")
          continue
        }
        if let output = try await action.perform(on: player, properties: properties) {
          StandardStreams.write(output)
        }
      } catch {
        throw .couldNotExecute(error.message)
      }
      handledAny = true
      if !options.allPlayers { break }
    }
    if !handledAny {
      throw options.noMessages ? ControlError("") : .couldNotExecute(reasons.joined(separator: "; "))
    }
  }
}
