package import DBus
package import Logging

// Owning a well-known name with what came of it logged, written once for the player and the hub.
// Here, not in DBus: DBus logs nothing (what it cannot tell a caller goes to its callbacks), and
// this is the lowest module that every caller (`MediaPlayerService`, the hub's proxy names and
// keys' target, the hub's own name) imports and that has a `Logger`.
extension Connection {
  // MARK: - Owning names, logged

  /// Requests the well-known `name` and logs what came of it to `logger`; returns whether the
  /// connection owns it now.
  ///
  /// With `queue`, a name another connection owns is queued for behind it, and the bus hands it
  /// over once that one lets it go (`watchNameOwner(_:handler:)` tells when); without, a taken
  /// name is left to its owner. A request the bus refuses is logged as an error with the bus's
  /// words, and the name is not owned.
  package func requestName(_ name: BusName, queue: Bool, logger: Logger) async -> Bool {
    do {
      switch try await requestName(name, flags: queue ? [] : [.doNotQueue]) {
      case .primaryOwner, .alreadyOwner:
        logger.info("owning \(name)")
        return true
      case .inQueue:
        logger.info("\(name) is owned by another connection: queued, to take it once that one lets it go")
      case .exists:
        logger.warning("\(name) is owned by another connection")
      }
    } catch {
      logger.error("cannot request \(name)", metadata: ["error": "\(error.message)"])
    }
    return false
  }

  /// Gives up `name` (or leaves its queue) and logs it to `logger`; a failure is logged as a
  /// warning, not thrown, since closing the connection gives the name up all the same.
  package func releaseName(_ name: BusName, logger: Logger) async {
    do {
      try await releaseName(name)
      logger.info("released \(name)")
    } catch {
      logger.warning(
        "cannot release \(name); closing the connection gives it up", metadata: ["error": "\(error.message)"])
    }
  }
}
