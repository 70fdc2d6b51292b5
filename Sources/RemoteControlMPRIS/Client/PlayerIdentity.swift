/// The name of one MPRIS player on the bus.
///
/// MPRIS players own `org.mpris.MediaPlayer2.<name>`, or `org.mpris.MediaPlayer2.<name>.instance<pid>`
/// when another process has the plain name. playerctl calls the part after the prefix the
/// *instance* (`vlc.instance1234`) and its first element the *name* (`vlc`).
public struct PlayerIdentity: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The prefix every MPRIS bus name starts with.
  public static let busNamePrefix = MediaPlayerBusName.prefix

  /// The well-known bus name, such as `org.mpris.MediaPlayer2.vlc.instance1234`.
  public let busName: String

  /// The identity of an MPRIS bus name, or `nil` for other names.
  public init?(busName: String) {
    guard busName.hasPrefix(Self.busNamePrefix), busName.count > Self.busNamePrefix.count else {
      return nil
    }
    self.busName = busName
  }

  /// The identity of an instance such as `vlc` or `vlc.instance1234`.
  public init(instance: String) {
    busName = Self.busNamePrefix + instance
  }

  /// The bus name without the prefix: `vlc.instance1234` (playerctl's `playerInstance`).
  public var instance: String { String(busName.dropFirst(Self.busNamePrefix.count)) }

  /// The first element of the instance: `vlc` (playerctl's `playerName`).
  public var name: String {
    String(instance.split(separator: ".", maxSplits: 1).first ?? Substring(instance))
  }

  /// The instance.
  public var description: String { instance }

  /// Orders identities by instance, as playerctl lists them.
  public static func < (lhs: PlayerIdentity, rhs: PlayerIdentity) -> Bool { lhs.instance < rhs.instance }
}
