package import DBus
import Logging

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The MPRIS bus names: the namespace every player's name is in, and choosing and requesting the
/// player's own, as the MPRIS "Bus Name Policy" says.
package enum MediaPlayerBusName {
  /// `org.mpris.MediaPlayer2`: the namespace of every MPRIS player's bus name (a D-Bus match
  /// rule's `arg0namespace`).
  package static let namespace = "org.mpris.MediaPlayer2"

  /// `org.mpris.MediaPlayer2.`: the prefix of every MPRIS player's bus name, which the player's
  /// name follows (`org.mpris.MediaPlayer2.vlc`).
  package static let prefix = namespace + "."

  /// `org.mpris.MediaPlayer2.<player>` for a player name fixed in the code, such as
  /// `playerctld`; an invalid one is a programmer error and traps, as an invalid bus name
  /// literal does.
  package static func named(_ player: StaticString) -> BusName {
    BusName(stringLiteral: prefix + "\(player)")
  }

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
