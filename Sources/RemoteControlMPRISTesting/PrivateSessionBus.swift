public import Foundation
public import RemoteControl
public import RemoteControlMPRIS
import Synchronization

/// A D-Bus session bus of the test's own: a `dbus-daemon` listening in a fresh temporary
/// folder, never the user's session bus, so tests run anywhere (a container, CI) and see no
/// other player.
///
/// Run your application as a player on it and drive it with a client, over the same bus and
/// the same MPRIS calls a desktop's media controls use:
///
/// ```swift
/// let bus = try await PrivateSessionBus.start()
/// let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
/// try await player.client.play()
/// await bus.stop()
/// ```
///
/// ``stop()`` stops the players run on the bus, then the daemon, and removes the folder;
/// ``withPrivateSessionBus(isolation:_:)`` does it for you when its closure ends. The daemon
/// also stops when the test process ends, however it ends (even by a crash).
/// Other programs join the bus with ``environment`` (`playerctl`, `gdbus`).
public final class PrivateSessionBus: Sendable {
  /// The bus's D-Bus address, such as `unix:path=/tmp/mpris-test-1a2b3c4d/bus,guid=…`.
  public let address: String
  /// The temporary folder holding the bus's socket; removed by ``stop()``.
  public let directory: URL
  private let daemon: DaemonProcess
  private let players = Mutex<[RunningMediaPlayer]>([])

  private init(address: String, directory: URL, daemon: DaemonProcess) {
    self.address = address
    self.directory = directory
    self.daemon = daemon
  }

  /// Starts `dbus-daemon --session` in a fresh temporary folder and returns once it listens.
  ///
  /// - Parameter timeout: How long the daemon may take to start. Default: 10 s.
  /// - Throws: ``PrivateSessionBusError`` when `dbus-daemon` is not installed or does not start.
  public static func start(within timeout: Duration = .seconds(10)) async throws(PrivateSessionBusError)
    -> PrivateSessionBus
  {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("mpris-test-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw PrivateSessionBusError(
        .daemonFailed, "cannot create the bus's folder \(directory.path): \(error)")
    }
    do {
      let daemon = try await DaemonProcess.launch(socket: directory.path + "/bus", within: timeout)
      return PrivateSessionBus(address: daemon.address, directory: directory, daemon: daemon)
    } catch {
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
  }

  deinit {
    for player in players.withLock({ $0 }) { player.cancel() }
    daemon.stopWithoutWaiting()
    try? FileManager.default.removeItem(at: directory)
  }

  /// What another program needs in its environment to use this bus:
  /// `DBUS_SESSION_BUS_ADDRESS`.
  public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

  /// A controller's connection to this bus, to find players and talk to them.
  ///
  /// - Throws: `ClientError` when the bus cannot be reached (it was stopped).
  public func connect() async throws(ClientError) -> MediaPlayerBus {
    try await MediaPlayerBus.connect(address: address)
  }

  // MARK: - Players

  /// Runs `application` as an MPRIS media player on this bus, as
  /// `Application.runAsMediaPlayer(name:identity:)` does on the session bus, and returns once
  /// it owns its bus name.
  ///
  /// - Parameters:
  ///   - application: The application to serve; call its `beginReceivingRemoteControlEvents()`
  ///     as your app does, or calls fail as "not receiving".
  ///   - name: The `<name>` of `org.mpris.MediaPlayer2.<name>`.
  ///   - identity: MPRIS `Identity`, such as "Podcasts".
  /// - Returns: The running player, with a client of it.
  /// - Throws: `MediaPlayerError` when the player cannot be put on the bus; `ClientError` when
  ///   the client cannot connect.
  public func runAsMediaPlayer(_ application: Application, name: String, identity: String) async throws
    -> RunningMediaPlayer
  {
    try await runAsMediaPlayer(
      application, configuration: MediaPlayerConfiguration(playerName: name, identity: identity))
  }

  /// Runs `application` as the MPRIS media player `configuration` describes, on this bus (its
  /// `MediaPlayerConfiguration.bus` is replaced), and returns once it owns its bus name.
  ///
  /// - Returns: The running player, with a client of it.
  /// - Throws: `MediaPlayerError` when the player cannot be put on the bus; `ClientError` when
  ///   the client cannot connect.
  public func runAsMediaPlayer(_ application: Application, configuration: MediaPlayerConfiguration)
    async throws -> RunningMediaPlayer
  {
    let player = try await RunningMediaPlayer.start(
      application, configuration: configuration, address: address)
    players.withLock { $0.append(player) }
    return player
  }

  // MARK: - Stopping

  /// Stops the players run on this bus, then the daemon (SIGTERM; SIGKILL after 5 s), waits
  /// for them, and removes the folder. Calling it again does nothing.
  public func stop() async {
    for player in players.withLock({ players in
      defer { players = [] }
      return players
    }) {
      await player.stop()
    }
    await daemon.stop()
    try? FileManager.default.removeItem(at: directory)
  }
}
