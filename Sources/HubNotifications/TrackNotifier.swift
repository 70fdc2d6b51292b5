import DBus
package import HubCore
package import Logging
import NowPlayingArbiter
import PlayerView
import RemoteControlMPRIS
import ServiceLifecycle
import Synchronization

/// The hub's desktop notifications (`--notify`, `notify = yes`): one notification per track of
/// the Now Playing player, through the Desktop Notifications Specification's `Notify` on the
/// hub's bus (``DesktopNotifications``), each replacing the one before (`replaces_id`) rather
/// than piling up.
///
/// It follows the hub's Now Playing answer and the view of the Now Playing player on the bus
/// thread. A notification goes out when the Now Playing player plays a track that is not the
/// one last notified: a new track, or a switch to another player that plays one. None goes out
/// for a background player (one not Now Playing), for the same track twice, for a pause, or for
/// a track the player holds without playing it (a paused player's next track is said once it
/// plays); what a notification says is ``TrackNotification``.
///
/// `Notify` is sent without waiting (the reply is taken on the bus thread), at most one at a
/// time: a track that changes again before the server answered is sent after the reply, with
/// its id, and one in between is skipped. No server on the bus is said once in the log (at info
/// level) and each later try at debug level, so that a server that appears later gets the next
/// track; a server that answers with an error is one log line, and the next track tries again.
/// Nothing else in the hub waits for it.
package final class TrackNotifier: Service, Sendable {
  private struct State: Sendable {
    /// The track last notified (or being notified, or that failed): never notified again at once.
    var notified: TrackNotification.Track?
    /// The id the server gave the last notification; the next one replaces it. 0 for none.
    var id: UInt32 = 0
    /// Whether a `Notify` awaits its reply.
    var isSending = false
    /// The latest track notification that came while one was being sent.
    var next: TrackNotification?
    /// Whether the missing server has been logged since the last reply.
    var saidNoServer = false
  }

  /// How long a server may take to answer `Notify`: a hung server then costs one log line.
  static let timeout: Duration = .seconds(10)

  private let hub: Hub
  private let logger: Logger
  private let state = Mutex(State())

  /// Notifications of `hub`'s Now Playing tracks, from ``run()`` on.
  package init(hub: Hub, logger: Logger) {
    self.hub = hub
    self.logger = logger
  }

  /// Follows the hub and the view until graceful shutdown.
  package func run() async throws {
    let following = hub.observe { [self] _ in consider() }
    let watching = hub.view.observe { [self] change in
      // The Now Playing player's track, status or identity: anything else changes no notification.
      guard case .propertiesChanged(let owner, _, _, _) = change,
        hub.nowPlaying.active?.owner == owner.rawValue
      else { return }
      consider()
    }
    hub.connection.perform { [self] in consider() }
    do {
      try await gracefulShutdown()
    } catch {
      // Cancelled rather than stopped gracefully: it stops all the same.
    }
    hub.view.removeObserver(watching)
    hub.removeObserver(following)
  }

  /// Sends the notification of the Now Playing player's track if it plays one not yet notified.
  /// On the bus thread.
  private func consider() {
    hub.connection.assertOnConnectionThread()
    // Asked at each change of the Now Playing player: the whole notification is made only for a
    // track not yet notified.
    guard let owner = hub.nowPlaying.active.flatMap({ BusName(rawValue: $0.owner) }),
      let mirror = hub.view.mirror(of: owner), mirror.isPlaying,
      let track = TrackNotification.Track(of: mirror), state.withLock({ $0.notified != track }),
      let notification = TrackNotification(of: mirror)
    else { return }
    let sends = state.withLock { state in
      guard state.notified != notification.track else { return false }
      state.notified = notification.track
      guard !state.isSending else {
        state.next = notification
        return false
      }
      state.isSending = true
      return true
    }
    if sends { send(notification) }
  }

  /// Calls `Notify` with `notification`, replacing the last one. On the bus thread.
  private func send(_ notification: TrackNotification) {
    hub.connection.assertOnConnectionThread()
    let id = state.withLock { $0.id }
    hub.connection.call(
      destination: DesktopNotifications.busName, path: DesktopNotifications.path,
      interface: DesktopNotifications.interface, member: DesktopNotifications.notify,
      arguments: notification.arguments(replacing: id), timeout: Self.timeout
    ) { [self] result in answered(result, for: notification) }
  }

  /// Takes the server's answer to `notification`, then sends the track that came meanwhile.
  private func answered(_ result: Result<[Value], BusError>, for notification: TrackNotification) {
    let (next, isFirstMiss) = state.withLock { state in
      var isFirstMiss = false
      switch result {
      case .success(let values):
        if case .uint32(let id)? = values.first { state.id = id }
        state.saidNoServer = false
      case .failure(let error) where Self.meansNoServer(error):
        // A server that comes later numbers its own notifications.
        state.id = 0
        isFirstMiss = !state.saidNoServer
        state.saidNoServer = true
      case .failure:
        break
      }
      let next = state.next
      state.next = nil
      state.isSending = next != nil
      return (next, isFirstMiss)
    }
    switch result {
    case .success:
      logger.debug(
        "notified the Now Playing track",
        metadata: ["player": "\(notification.appName)", "title": "\(notification.summary)"])
    case .failure(let error) where Self.meansNoServer(error):
      let message: Logger.Message =
        "no notification server (\(DesktopNotifications.busName)) on the bus: track notifications wait for one"
      if isFirstMiss { logger.info(message) } else { logger.debug(message) }
    case .failure(let error) where error.name == .disconnected:
      // The hub is stopping: its connection closed before the reply.
      logger.debug("a track notification ended with the hub's connection")
    case .failure(let error):
      logger.warning(
        "the notification server refused a track notification; the next track tries again",
        metadata: ["error": "\(error.name): \(error.message)", "title": "\(notification.summary)"])
    }
    if let next { send(next) }
  }

  /// Whether `error` says that nobody owns the server's name.
  private static func meansNoServer(_ error: BusError) -> Bool {
    error.name == .serviceUnknown || error.name == .nameHasNoOwner
  }
}
