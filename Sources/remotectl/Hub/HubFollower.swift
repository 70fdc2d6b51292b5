internal import DBus
internal import HubAPI
internal import RemoteControlMPRIS

/// `remotectl hub --follow`: prints the hub's state, then a line for every change, from the
/// hub's `NowPlayingChanged` signal (which carries the whole new state, so no switch is missed);
/// an empty line while the hub is away, and the state again when one comes back. Driven by
/// signals only; it fails at once when no hub runs, and ends as the other followers do when the
/// bus goes away (``ControlError/busLost``).
struct HubFollower {
  /// What wakes the follower.
  enum Input: Sendable {
    /// The hub announced a new state.
    case changed(HubState)
    /// A hub took the hub's name: read the state again.
    case hubAppeared
    /// The hub left the bus.
    case hubVanished
    /// The connection to the bus was lost: the session is over.
    case busLost
  }

  /// The bus.
  let session: BusSession

  /// Follows until interrupted or the bus goes away.
  func run() async throws(ControlError) {
    let client = HubClient(session: session)
    let connection = client.connection
    let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
    let subscriptions: [Subscription]
    let disconnections: AsyncStream<Void>
    do {
      disconnections = try await session.bus.disconnections()
    } catch {
      throw ControlError("Could not follow the Now Playing hub: \(error.message)")
    }
    do {
      subscriptions = [
        try await connection.addMatch(
          rule: "type='signal',sender='\(HubAddress.busName.rawValue)',interface='\(Hub1.interface)',"
            + "member='\(Hub1.Signal.nowPlayingChanged)',path='\(HubAddress.path.rawValue)'"
        ) { message in
          let arguments = message.arguments
          guard arguments.count == 2, let active = arguments[0].stringValue else { return }
          let players = (arguments[1].arrayElements ?? []).compactMap(\.stringValue)
          continuation.yield(.changed(HubState(active: active, players: players)))
        },
        try await connection.watchNameOwner(HubAddress.busName) { change in
          continuation.yield(change.newOwner == nil ? .hubVanished : .hubAppeared)
        },
      ]
    } catch {
      throw ControlError("Could not follow the Now Playing hub: \(error.message)")
    }
    let loss = Task {
      for await _ in disconnections {
        continuation.yield(.busLost)
        return
      }
    }
    defer {
      loss.cancel()
      subscriptions.forEach { $0.cancel() }
    }
    var printed: String?
    show(try await client.state(), printed: &printed)
    for await input in inputs {
      switch input {
      case .changed(let state): show(state, printed: &printed)
      case .hubAppeared: show(try await readState(client), printed: &printed)
      case .hubVanished: show(nil, printed: &printed)
      case .busLost: throw .busLost
      }
    }
  }

  /// The hub's state, or `nil` when no hub runs; other failures end the follower.
  private func readState(_ client: HubClient) async throws(ControlError) -> HubState? {
    do {
      return try await client.state()
    } catch  where error == HubClient.notRunning {
      return nil
    }
  }

  /// Prints `state`'s line (an empty one for no hub) unless it is the one printed last.
  private func show(_ state: HubState?, printed: inout String?) {
    let line = state?.line ?? "\n"
    guard line != printed else { return }
    StandardStreams.write(line)
    printed = line
  }
}
