import BusTestSupport
import Foundation
import Logging
import RemoteControl
import RemoteControlMPRIS
import Synchronization

/// A player of the test's own, in this process: an `Application` whose command center plays,
/// pauses, seeks, sets the volume and likes as an app does, served by `MediaPlayerService` as
/// `org.mpris.MediaPlayer2.NAME` on the test's bus. It offers no next or previous track.
///
/// Every command that reaches it is recorded (``received``), so a test checks what the player
/// was asked over the bus, not what the web remote says it did.
final class TestPlayer: Sendable {
  /// The `NAME` of `org.mpris.MediaPlayer2.NAME`: the web remote's id of the player.
  let name: String
  /// The application the player serves.
  let application: Application
  /// The application's Now Playing info center (thread-safe, unlike the application).
  let center: NowPlayingInfoCenter
  /// The artwork file the player publishes as `mpris:artUrl`.
  let artwork: URL
  private let commands: Commands
  private let service: Task<Void, any Error>

  /// The commands that reached the application, in order.
  private final class Commands: Sendable {
    let kinds = Mutex<[RemoteCommandKind]>([])
  }

  /// The track's length.
  static let length = Duration.seconds(1800)

  /// The track's title.
  var title: String { "\(name) episode 1" }

  private init(
    name: String, application: Application, center: NowPlayingInfoCenter, artwork: URL, commands: Commands,
    service: Task<Void, any Error>
  ) {
    self.name = name
    self.application = application
    self.center = center
    self.artwork = artwork
    self.commands = commands
    self.service = service
  }

  /// The commands that reached the application, in order.
  var received: [RemoteCommandKind] { commands.kinds.withLock { $0 } }

  /// MPRIS `PlaybackStatus` as the application holds it.
  var playbackState: PlaybackState { center.playbackState }

  /// Starts the player `name` on the bus at `address`, paused at the start of one track with
  /// artwork (a PNG written into `folder`), and returns once it owns its bus name.
  @MainActor
  static func start(name: String, address: String, folder: URL) async throws -> TestPlayer {
    let application = Application()
    let center = application.nowPlayingInfoCenter
    let commands = application.commandCenter
    let received = Commands()
    @MainActor func record(_ kind: RemoteCommandKind) -> RemoteCommandHandlerStatus {
      received.kinds.withLock { $0.append(kind) }
      return .success
    }
    @MainActor func move(to position: Duration) -> RemoteCommandHandlerStatus {
      do {
        try center.setPositionState(duration: length, position: min(max(position, .zero), length))
      } catch {
        return .commandFailed
      }
      return record(.changePlaybackPosition)
    }
    commands.playCommand.addTarget { _ in
      center.playbackState = .playing
      return record(.play)
    }
    commands.pauseCommand.addTarget { _ in
      center.playbackState = .paused
      return record(.pause)
    }
    commands.togglePlayPauseCommand.addTarget { _ in
      center.playbackState = center.playbackState == .playing ? .paused : .playing
      return record(.togglePlayPause)
    }
    commands.stopCommand.addTarget { _ in
      center.playbackState = .stopped
      return record(.stop)
    }
    commands.changePlaybackPositionCommand.addTarget { (position: Duration) in move(to: position) }
    commands.changeVolumeCommand.addTarget { (volume: Double) in
      commands.changeVolumeCommand.currentVolume = volume
      return record(.changeVolume)
    }
    commands.likeCommand.addTarget { (isNegative: Bool) in
      commands.likeCommand.isActive = !isNegative
      return record(.like)
    }
    commands.nextTrackCommand.isEnabled = false
    commands.previousTrackCommand.isEnabled = false

    let artwork = folder.appendingPathComponent("\(name).png")
    try Data(Self.png).write(to: artwork)
    center.nowPlayingInfo = NowPlayingInfo(
      trackIdentifier: "1", title: "\(name) episode 1", artist: "The Tests", playbackDuration: length,
      artwork: .url(artwork), elapsedPlaybackTime: .zero)
    center.playbackState = .paused
    application.beginReceivingRemoteControlEvents()

    let acquired = AsyncStream.makeStream(of: String.self)
    let service = MediaPlayerService(
      application: application,
      configuration: MediaPlayerConfiguration(playerName: name, identity: name, bus: .address(address)),
      logger: Logger(label: "TestPlayer", factory: { _ in SwiftLogNoOpLogHandler() }),
      onNameAcquired: { acquired.continuation.yield($0) })
    let task = Task {
      defer { acquired.continuation.finish() }
      try await service.run()
    }
    var names = acquired.stream.makeAsyncIterator()
    guard await names.next() == "org.mpris.MediaPlayer2.\(name)" else {
      task.cancel()
      try await task.value
      throw TestFailure("the player \(name) did not get its bus name")
    }
    return TestPlayer(
      name: name, application: application, center: center, artwork: artwork, commands: received,
      service: task)
  }

  /// Changes the track, as the application does by itself (the next episode): a change that
  /// no controller asked for.
  func changeTrack(to title: String) {
    center.nowPlayingInfo = NowPlayingInfo(
      trackIdentifier: "2", title: title, artist: "The Tests", playbackDuration: Self.length,
      artwork: .url(artwork), elapsedPlaybackTime: .zero)
  }

  /// Takes the player off the bus and waits until it is.
  func stop() async {
    service.cancel()
    _ = await service.result
  }

  /// A 1×1 PNG.
  static let png: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
    0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
  ]
}
