import AudioSessionArbiter
import HubCore
import WebRemote

extension AudioSessionService: PlayerInterruptions {
  // MARK: - The web remote's view of the interruption

  func interruptedPlayers() -> Set<String> {
    Set(interruption?.interrupted ?? [])
  }

  func interruptionChanges() -> AsyncStream<Set<String>> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Set<String>.self, bufferingPolicy: .bufferingNewest(16))
    let token = addInterruptionStream(continuation)
    continuation.onTermination = { [self] _ in removeInterruptionStream(token) }
    return stream
  }
}
