import AudioSessionArbiter
import WebRemote

extension AudioSessionService: PlayerInterruptions {
  // MARK: - The web remote's view of the interruption

  func interruptedPlayers() -> Set<String> {
    Set(interruption?.interrupted ?? [])
  }

  func interruptionChanges() -> AsyncStream<Set<String>> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Set<String>.self, bufferingPolicy: .bufferingNewest(16))
    let id = withInterruptionStreams { streams, next in
      defer { next += 1 }
      streams[next] = continuation
      return next
    }
    continuation.onTermination = { [self] _ in
      withInterruptionStreams { streams, _ in streams[id] = nil }
    }
    return stream
  }
}
