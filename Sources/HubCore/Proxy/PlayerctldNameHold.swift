import DBus
import Logging
import RemoteControlMPRIS

/// playerctld's name (``HubNames/playerctldBusName``) as one of the hub's connections holds it
/// for whatever answers for playerctld there (the proxy player, ``ProxyPublication``, or the
/// media keys' target, ``MediaKeysTarget``): requested or not, owned or not.
///
/// A request queues behind the name's owner (playerctld itself, or another connection of the
/// hub's while it lets the name go), so that the bus hands the name over once that one leaves;
/// whether it did is told by the owner changes that ``follow(on:askingNow:logger:changed:)``
/// hands its holder, taken in with ``ownerChanged(to:on:)`` in order with the holder's other
/// inputs. A value the holder keeps in its own state and changes only from its one task.
struct PlayerctldNameHold: Sendable, Hashable {
  /// Whether the name is requested (owned or queued for) and not released since.
  private(set) var isRequested = false
  /// Whether the connection owns the name now.
  private(set) var isOwned = false

  /// Requests the name on `connection`, queued behind its owner, unless it is requested already.
  mutating func request(on connection: Connection, logger: Logger) async {
    guard !isRequested else { return }
    isOwned = await connection.requestName(HubNames.playerctldBusName, queue: true, logger: logger)
    isRequested = true
  }

  /// Releases the name on `connection` (or leaves its queue), if it is requested.
  mutating func release(on connection: Connection, logger: Logger) async {
    guard isRequested else { return }
    isRequested = false
    isOwned = false
    await connection.releaseName(HubNames.playerctldBusName, logger: logger)
  }

  /// Takes in `owner`, the name's owner as the bus announced it: the name is owned while it is
  /// requested and `owner` is `connection`. (A change announced before a release and taken in
  /// after it leaves the name not owned.)
  mutating func ownerChanged(to owner: BusName?, on connection: Connection) {
    isOwned = isRequested && owner == connection.uniqueName
  }

  /// Hands `changed` every new owner of the name on `connection`, on the connection's thread,
  /// until the returned watch is cancelled; `nil` when the bus refused the watch (logged to
  /// `logger`).
  ///
  /// With `askingNow`, the owner is also asked once the watch is in place, and the answer handed
  /// over in order with the changes: for a holder that requested the name before it followed
  /// it, which would miss the bus handing it over in between. Not for one that requests only
  /// after: the answer could then tell of the owner before its request, and take the name for
  /// not owned until the next change.
  static func follow(
    on connection: Connection, askingNow: Bool, logger: Logger,
    changed: @escaping @Sendable (BusName?) -> Void
  ) async -> Subscription? {
    let watch: Subscription
    do {
      watch = try await connection.watchNameOwner(HubNames.playerctldBusName) { changed($0.newOwner) }
    } catch {
      logger.error("cannot follow playerctld's name", metadata: ["error": "\(error.message)"])
      return nil
    }
    if askingNow {
      connection.nameOwner(of: HubNames.playerctldBusName) { result in
        switch result {
        case .success(let owner): changed(owner)
        case .failure(let error):
          logger.error("cannot ask who owns playerctld's name", metadata: ["error": "\(error.message)"])
        }
      }
    }
    return watch
  }
}
