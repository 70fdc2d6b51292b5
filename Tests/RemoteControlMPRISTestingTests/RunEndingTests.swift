import RemoteControl
import RemoteControlMPRIS
import RemoteControlMPRISTesting
import Testing

/// How the one-call start ends: on MPRIS Quit when the app asks it to, and on cancellation;
/// either way it returns normally and releases the name. Used as a user would: no internal
/// test support.
@Suite("runAsMediaPlayer: how it ends", .serialized, .timeLimit(.minutes(3)))
struct RunEndingTests {
  /// Starts `application` with `run` on `bus`, and returns once its name appeared, with a client
  /// of it and the watching connection.
  @MainActor
  static func start(
    _ application: Application, on bus: PrivateSessionBus,
    stoppingOnQuit: Bool
  ) async throws -> (run: Task<Void, any Error>, player: RemotePlayer, watcher: MediaPlayerBus) {
    let watcher = try await bus.connect()
    var appearances = try await watcher.appearances().makeAsyncIterator()
    let configuration = MediaPlayerConfiguration(
      playerName: "podcasts", identity: "Podcasts", bus: .address(bus.address))
    let run = Task { try await application.runAsMediaPlayer(configuration, stoppingOnQuit: stoppingOnQuit) }
    guard case .appeared(let identity, _) = await appearances.next() else {
      throw ClientError(name: "test.NoPlayer", message: "the player never appeared")
    }
    return (run, watcher.player(identity), watcher)
  }

  @MainActor
  @Test func quitEndsTheRunWhenTheAppAsksItToReturningNormallyAndReleasingTheName() async throws {
    let application = Application()
    var quits = 0
    application.commandCenter.quitCommand.addTarget { _ in
      quits += 1
      return .success
    }
    application.beginReceivingRemoteControlEvents()
    try await withPrivateSessionBus { bus in
      let (run, player, watcher) = try await Self.start(application, on: bus, stoppingOnQuit: true)
      #expect(try await player.property("CanQuit", interface: RemotePlayer.rootInterface).boolValue == true)
      try await player.quit()
      try await run.value
      #expect(quits == 1, "the app's own quit target ran first")
      #expect(try await watcher.owner(of: player.identity) == nil, "the name is released")
      #expect(application.commandCenter.quitCommand.hasTargets, "the app's own target stays")
      watcher.close()
    }
  }

  @MainActor
  @Test func withoutTheOptionQuitIsNotOfferedAndTheRunGoesOn() async throws {
    let application = Application()
    application.beginReceivingRemoteControlEvents()
    try await withPrivateSessionBus { bus in
      let (run, player, watcher) = try await Self.start(application, on: bus, stoppingOnQuit: false)
      #expect(try await player.property("CanQuit", interface: RemotePlayer.rootInterface).boolValue == false)
      try await player.quit()
      #expect(try await watcher.owner(of: player.identity) != nil, "Quit without the option ends nothing")
      run.cancel()
      try await run.value
      watcher.close()
    }
  }

  @MainActor
  @Test func cancellingTheTaskReturnsNormallyAndReleasesTheName() async throws {
    let application = Application()
    application.beginReceivingRemoteControlEvents()
    try await withPrivateSessionBus { bus in
      let (run, player, watcher) = try await Self.start(application, on: bus, stoppingOnQuit: true)
      run.cancel()
      try await run.value
      #expect(try await watcher.owner(of: player.identity) == nil, "the name is released")
      #expect(!application.commandCenter.quitCommand.hasTargets, "the run's quit target is gone")
      watcher.close()
    }
  }
}
