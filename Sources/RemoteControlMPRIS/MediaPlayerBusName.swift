import DBus
import Logging

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Chooses and requests the player's bus name, as the MPRIS "Bus Name Policy" says.
enum MediaPlayerBusName {
  /// Requests `org.mpris.MediaPlayer2.<name>`; when another connection owns it, requests
  /// `org.mpris.MediaPlayer2.<name>.instance<n>` instead: the configuration's instance number,
  /// else the process ID.
  ///
  /// - Returns: The name the player now owns.
  static func claim(for configuration: MediaPlayerConfiguration, on connection: Connection, logger: Logger)
    async throws(MediaPlayerError) -> BusName
  {
    let primary = try busName(configuration.busName)
    if try await request(primary, on: connection) { return primary }
    let instance = try busName(
      configuration.instanceBusName(
        processID: configuration.instanceNumber ?? ProcessInfo.processInfo.processIdentifier))
    logger.notice(
      "MPRIS name taken; using the instance name",
      metadata: ["taken": "\(primary)", "name": "\(instance)"])
    if try await request(instance, on: connection) { return instance }
    throw MediaPlayerError(.nameTaken, "both \(primary) and \(instance) are owned by other connections")
  }

  private static func busName(_ text: String) throws(MediaPlayerError) -> BusName {
    do {
      return try BusName(text)
    } catch {
      throw MediaPlayerError(.invalidName, "the player name gives an invalid bus name: \(error.message)")
    }
  }

  private static func request(_ name: BusName, on connection: Connection) async throws(MediaPlayerError)
    -> Bool
  {
    do {
      switch try await connection.requestName(name, flags: [.doNotQueue]) {
      case .primaryOwner, .alreadyOwner: return true
      case .exists, .inQueue: return false
      }
    } catch {
      throw MediaPlayerError(.nameRequestFailed, "the bus refused \(name): \(error.message)")
    }
  }
}
