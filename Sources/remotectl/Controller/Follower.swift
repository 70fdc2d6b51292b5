internal import RemoteControl
internal import RemoteControlMPRIS

/// `-F/--follow`: prints the query again whenever its answer changes, for the player the
/// choice rule picks (playing now, else the one that played most recently — known here from
/// the PlaybackStatus changes seen), as players come, go and change; with `-a`, for the player
/// whose followed value changed last, as playerctl does. Driven by signals only;
/// the sole timer is a local one, while the shown player plays and the template shows
/// `position`, that re-renders the extrapolated position when its second changes without asking
/// the bus (playerctl asks every second, playing or not).
struct Follower {
  /// The request being followed.
  let request: Request
  /// The bus.
  let session: BusSession

  /// Follows until interrupted; throws ``ControlError/busLost`` when the bus goes away.
  func run() async throws(ControlError) {
    // With -a, playerctl shows whichever player changed last, whatever -p's order or a hub says.
    var tracker = PlayerTracker(
      choice: request.choice,
      changeOrder: request.allPlayers ? FollowedSignals(verb: request.verb, template: request.template) : nil)
    let (inputs, continuation, stop) = try await tracker.start(session: session)
    let hub =
      request.allPlayers
      ? nil : await HubWatch.start(choice: request.choice, session: session) { continuation.yield(.tick) }
    defer { hub?.stop() }
    let showsPosition = request.template?.reads("position") == true
    var ticker: Task<Void, Never>?
    defer {
      stop()
      ticker?.cancel()
    }
    var lastOutput: String?
    var shown = render(tracker, hub: hub, lastOutput: &lastOutput)
    while true {
      ticker?.cancel()
      ticker = nil
      if showsPosition, let anchor = shown, anchor.isMoving, anchor.state.playbackRate > 0 {
        let now = ContinuousClock.now
        let position = anchor.microseconds(at: now)
        let wait = Double(1_000_000 - position % 1_000_000) / anchor.state.playbackRate
        ticker = Task {
          try? await Task.sleep(until: now + .microseconds(Int64(wait) + 1_000), clock: .continuous)
          if !Task.isCancelled { continuation.yield(.tick) }
        }
      }
      guard let input = await next(inputs) else { break }
      if case .busLost = input { throw .busLost }
      await tracker.handle(input, session: session, continuation: continuation)
      shown = render(tracker, hub: hub, lastOutput: &lastOutput)
    }
  }

  private func next(_ inputs: AsyncStream<FollowInput>) async -> FollowInput? {
    var iterator = inputs.makeAsyncIterator()
    return await iterator.next()
  }

  /// Prints the answer of the first player that can give one, when it differs from the last one
  /// printed; an empty line when no player can answer any more (as playerctl does). Returns the
  /// position of the player shown. The hub's choice comes first when a hub runs.
  private func render(_ tracker: PlayerTracker, hub: HubWatch?, lastOutput: inout String?)
    -> PlayerPosition?
  {
    var output: String?
    var shown: PlayerPosition?
    for (identity, tracked) in hub?.ordered(tracker.ordered) ?? tracker.ordered {
      do {
        let outcome = try VerbRenderer.render(
          request.verb, template: request.template, identity: identity, state: tracked.state,
          position: tracked.position.microseconds(at: .now))
        if outcome.handled {
          output = outcome.output
          shown = tracked.position
          break
        }
      } catch {
        StandardStreams.writeError(error.message)
        return nil
      }
    }
    if output == nil && lastOutput == nil { return shown }
    let text = output ?? "\n"
    if text != lastOutput {
      StandardStreams.write(text)
      lastOutput = text
    }
    return shown
  }
}
