internal import RemoteControlMPRIS

/// `-F/--follow`: prints the query again whenever its answer changes, for the player the
/// choice rule picks (playing now, else the one that played most recently — known here from
/// the PlaybackStatus changes seen), as players come, go and change. Driven by signals only;
/// the sole timer is a local one, when the template shows `position`, that re-renders the
/// extrapolated position each second without asking the bus (playerctl asks every second).
struct Follower {
  /// The request being followed.
  let request: Request
  /// The bus.
  let session: BusSession

  /// Follows until interrupted or the bus goes away.
  func run() async throws(ControlError) {
    var tracker = PlayerTracker(choice: request.choice)
    let (inputs, continuation, stop) = try await tracker.start(session: session)
    var ticker: Task<Void, Never>?
    if request.template?.reads("position") == true {
      ticker = Task {
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(1))
          continuation.yield(.tick)
        }
      }
    }
    defer {
      stop()
      ticker?.cancel()
    }
    var lastOutput: String?
    render(tracker, lastOutput: &lastOutput)
    for await input in inputs {
      await tracker.handle(input, session: session, continuation: continuation)
      render(tracker, lastOutput: &lastOutput)
    }
  }

  /// Prints the answer of the first player that can give one, when it differs from the last one
  /// printed; an empty line when no player can answer any more (as playerctl does).
  private func render(_ tracker: PlayerTracker, lastOutput: inout String?) {
    var output: String?
    for (identity, tracked) in tracker.ordered {
      do {
        let outcome = try VerbRenderer.render(
          request.verb, template: request.template, identity: identity, state: tracked.state,
          position: tracked.estimate.position())
        if outcome.handled {
          output = outcome.output
          break
        }
      } catch {
        StandardStreams.writeError(error.message)
        return
      }
    }
    if output == nil && lastOutput == nil { return }
    let text = output ?? "\n"
    guard text != lastOutput else { return }
    StandardStreams.write(text)
    lastOutput = text
  }
}
