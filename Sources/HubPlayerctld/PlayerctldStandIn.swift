package import DBus
import HubAPI
package import HubCore
package import Logging
import NowPlayingArbiter
import Synchronization

/// The hub standing in for playerctld: `com.github.altdesktop.playerctld` served and announced
/// at `/org/mpris/MediaPlayer2` by the proxy player's connection, only while that connection owns
/// playerctld's name.
///
/// playerctld watches every MPRIS name, the proxy player's among them, and aborts on a
/// `PropertiesChanged` of an interface it does not know; its own interface, sent by the proxy
/// player's connection while playerctld runs, is one. So while another process (playerctld
/// itself) owns the name, the interface is neither exported nor announced, and playerctld runs
/// on beside the hub; when the name comes to the hub (playerctld stopped), the hub exports it
/// and announces from then on; when it goes, it withdraws it.
package final class PlayerctldStandIn: Sendable {
  private struct State: Sendable {
    var ownsName = false
    var registration: Registration?
    /// The phone remotes' bus names on the bus, in the order they appeared.
    var phoneRemotes: [String] = []
  }

  private let hub: Hub
  private let server: Connection
  private let logger: Logger
  private let state = Mutex(State())
  private let owners: AsyncStream<BusName?>.Continuation
  private let ownerChanges: AsyncStream<BusName?>

  /// A stand-in served on `server` (the proxy player's connection) for `hub`.
  package init(hub: Hub, server: Connection, logger: Logger) {
    self.hub = hub
    self.server = server
    self.logger = logger
    (ownerChanges, owners) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
  }

  /// Whether the hub owns playerctld's name, and so serves its interface.
  var ownsName: Bool { state.withLock { $0.ownsName } }

  /// Follows the owner of playerctld's name, exporting the interface while it is the server's
  /// and announcing the hub's changes meanwhile; returns what undoes it.
  package func start(announcingWhile isPublished: @escaping @Sendable () -> Bool) async throws(BusError)
    -> [@Sendable () -> Void]
  {
    let watch = try await server.watchNameOwner(Playerctld.busName) { [owners] change in
      owners.yield(change.newOwner)
    }
    let remotes = try await server.watchNameOwner { [self] change in
      guard CandidateFilter.isPhoneRemote(change.name.rawValue) else { return }
      state.withLock { state in
        state.phoneRemotes.removeAll { $0 == change.name.rawValue }
        if change.newOwner != nil { state.phoneRemotes.append(change.name.rawValue) }
      }
    }
    let present = try await server.listNames().map(\.rawValue).filter(CandidateFilter.isPhoneRemote)
    state.withLock { state in
      state.phoneRemotes = present + state.phoneRemotes.filter { !present.contains($0) }
    }
    owners.yield(try await server.nameOwner(of: Playerctld.busName))
    let follower = Task { [self] in
      for await owner in ownerChanges { await ownerChanged(to: owner) }
    }
    let observer = hub.observe { [self] change in
      if ownsName && isPublished() { hub.announceAsPlayerctld(change, on: server) }
    }
    return [
      { [hub] in hub.removeObserver(observer) }, watch.cancel, remotes.cancel, owners.finish, follower.cancel,
      { [self] in state.withLock { $0.registration }?.cancel() },
    ]
  }

  /// Exports the interface when the name came to the server, withdraws it when it went.
  private func ownerChanged(to owner: BusName?) async {
    let owns = owner == server.uniqueName
    guard owns != ownsName else { return }
    if owns {
      do {
        let interface = hub.playerctldInterface { [self] in state.withLock { $0.phoneRemotes } }
        let registration = try await server.export(interface, at: HubAddress.path)
        state.withLock { state in
          state.registration = registration
          state.ownsName = true
        }
        logger.info("answering for playerctld: the hub owns its name")
      } catch {
        logger.error("cannot serve playerctld's interface", metadata: ["error": "\(error)"])
      }
    } else {
      let registration = state.withLock { state in
        defer {
          state.ownsName = false
          state.registration = nil
        }
        return state.registration
      }
      registration?.cancel()
      logger.info(
        "not answering for playerctld: another process owns its name",
        metadata: ["owner": "\(owner?.rawValue ?? "none")"])
    }
  }
}
