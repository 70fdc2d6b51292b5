internal import RemoteControlMPRIS

/// Runs the verbs of the extension interface: without `-p` and `-a`, to the Now Playing player
/// alone (``NowPlayingOrder``), an error naming it and what it lacks when it cannot; with `-p`,
/// to the named players in order until one does it (one without the interface, or whose `Can…`
/// property is false, is passed over, and when none could the error says why for each); with
/// `-a`, to all of them.
enum ExtensionController {
  /// Runs `action` with the global `options`.
  static func run(_ action: ExtensionAction, options: GlobalOptions) async throws(ControlError) {
    if options.format != nil || options.follow {
      throw .couldNotExecute("format strings and follow are not supported on command: \(action.name)")
    }
    let session = try BusSession.connect()
    defer { session.bus.close() }
    let order = try await NowPlayingOrder.find(options.choice, session: session)
    guard !order.instances.isEmpty else { throw options.noMessages ? ControlError("") : .noPlayers }
    // Without -p and -a, the Now Playing player alone: one that cannot is an error, never a
    // reason to act on another.
    let nowPlayingOnly = options.choice.players.isEmpty && !options.allPlayers
    let instances = nowPlayingOnly ? Array(order.instances.prefix(1)) : order.instances
    var reasons: [String] = []
    var handled: [String] = []
    defer { order.note(commandedTo: action.isChange ? handled : []) }
    for instance in instances {
      let player = session.bus.player(PlayerIdentity(instance: instance))
      do {
        guard let properties = try await player.remoteControlProperties() else {
          let lack = "it has no \(RemotePlayer.remoteControlInterface) interface"
          if nowPlayingOnly {
            throw NowPlayingRefusal.error(
              action: action, player: instance, lacking: lack, chosenByHub: order.hubChoice == instance)
          }
          reasons.append("\(action.name) is not supported by \(instance): \(lack)")
          continue
        }
        if let gate = action.gate, properties[gate.rawValue]?.boolValue != true {
          if nowPlayingOnly {
            throw NowPlayingRefusal.error(
              action: action, player: instance, lacking: "\(gate.rawValue) is false",
              chosenByHub: order.hubChoice == instance)
          }
          reasons.append("\(action.name) is not available on \(instance): \(gate.rawValue) is false")
          continue
        }
        if let output = try await action.perform(on: player, properties: properties) {
          StandardStreams.write(output)
        }
      } catch let error as ControlError {
        throw options.noMessages ? ControlError("") : error
      } catch let error as ClientError {
        throw .couldNotExecute(error.message)
      } catch {
        throw .couldNotExecute("\(error)")
      }
      handled.append(instance)
      if !options.allPlayers { break }
    }
    if handled.isEmpty {
      throw options.noMessages ? ControlError("") : .couldNotExecute(reasons.joined(separator: "; "))
    }
  }
}
