import DBus
import PlayerView
import RemoteControlMPRIS

/// The legal MPRIS values a relay serves for what its source says: a source may break the
/// specification (shairport-sync 3.3.8 says `PlaybackStatus` and `LoopStatus` "Not Available",
/// and `Rate` 0 against `MinimumRate` 1), while every controller of the relay reads values it
/// knows. `remotectl check` on the source itself still reports what it breaks.
enum LegalValues {
  /// `value`, read for `property` of `interface` (a ``InterfaceDescription/key``) from `mirror`,
  /// as a legal MPRIS value: a `PlaybackStatus` that is none of MPRIS's three reads `Stopped`, a
  /// `LoopStatus` that is none of its three reads `None`, a `Rate` below `MinimumRate` reads
  /// `MinimumRate`. Every other value is served as it is.
  static func legal(
    _ value: Value, of property: String, in interface: String, of mirror: PlayerMirror?
  ) -> Value {
    guard interface == MediaPlayerInterface.player.rawValue else { return value }
    switch property {
    case PlayerProperty.playbackStatus.rawValue:
      guard let status = value.stringValue, PlaybackStatus(rawValue: status) != nil else {
        return .string(PlaybackStatus.stopped.rawValue)
      }
    case PlayerProperty.loopStatus.rawValue:
      guard let status = value.stringValue, LoopStatus(rawValue: status) != nil else {
        return .string(LoopStatus.none.rawValue)
      }
    case PlayerProperty.rate.rawValue:
      if let rate = value.doubleValue, let minimum = mirror?[player: .minimumRate]?.doubleValue,
        rate < minimum
      {
        return .double(minimum)
      }
    default:
      break
    }
    return value
  }

  /// The properties among `names` of `interface` that `mirror` holds with another type than
  /// MPRIS declares: the relay serves their fallback instead.
  package static func illTyped(
    _ names: [String], of interface: InterfaceDescription, in mirror: PlayerMirror?
  ) -> [(name: String, signature: Signature)] {
    guard let values = mirror?.properties[interface.key] else { return [] }
    return interface.properties.compactMap { property in
      guard names.contains(property.name), let value = values[property.name],
        value.signature != property.signature
      else { return nil }
      return (property.name, value.signature)
    }
  }
}
