import Logging
import RemoteControl
public import RemoteControlMPRIS

/// An application running as an MPRIS media player on a ``PrivateSessionBus``, with a client
/// of it.
///
/// ``client`` makes the calls a controller makes (`Play`, `Seek`, property reads and writes);
/// each is answered once the application has handled the event, so what the handler did can
/// be checked right after the call returns.
public final class RunningMediaPlayer: Sendable {
  /// The player's bus name, such as `org.mpris.MediaPlayer2.podcasts`.
  public let identity: PlayerIdentity
  /// A controller's connection to the player's bus, of its own; closed by ``stop()``.
  public let bus: MediaPlayerBus
  private let service: Task<Void, any Error>

  private init(identity: PlayerIdentity, bus: MediaPlayerBus, service: Task<Void, any Error>) {
    self.identity = identity
    self.bus = bus
    self.service = service
  }

  /// The player, seen from a controller: its methods are MPRIS calls over the bus.
  public var client: RemotePlayer { bus.player(identity) }

  /// Starts a `MediaPlayerService` for `application` on the bus at `address`, waits until it
  /// owns its name, and connects a client.
  static func start(_ application: Application, configuration: MediaPlayerConfiguration, address: String)
    async throws -> RunningMediaPlayer
  {
    var configuration = configuration
    configuration.bus = .address(address)
    let acquired = OneShot<String>()
    let service = MediaPlayerService(
      application: application, configuration: configuration,
      logger: Logger(label: "RemoteControlMPRISTesting", factory: { _ in SwiftLogNoOpLogHandler() }),
      onNameAcquired: { acquired.fulfil($0) })
    let task = Task {
      // An empty name tells the waiter the service ended before it had one.
      defer { acquired.fulfil("") }
      try await service.run()
    }
    let name = await withTaskCancellationHandler {
      await acquired.value() ?? ""
    } onCancel: {
      task.cancel()
    }
    guard let identity = PlayerIdentity(busName: name) else {
      try await task.value
      throw CancellationError()
    }
    do {
      return RunningMediaPlayer(
        identity: identity, bus: try await MediaPlayerBus.connect(address: address), service: task)
    } catch {
      task.cancel()
      _ = await task.result
      throw error
    }
  }

  /// Takes the player off the bus (its name is released) and waits until it is; closes the
  /// client's connection. Calling it again does nothing.
  public func stop() async {
    service.cancel()
    _ = await service.result
    bus.close()
  }

  /// Takes the player off the bus without waiting: for deinitialisers.
  func cancel() {
    service.cancel()
    bus.close()
  }
}
