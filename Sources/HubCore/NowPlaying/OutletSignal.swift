import DBus
import PlayerView
import RemoteControlMPRIS

/// A signal an outlet sends its controllers: computed under its lock, sent after it.
enum OutletSignal: Sendable {
  /// `PropertiesChanged` of these properties, with the values the outlet compared and took as
  /// seen, of an interface whose changes are announced (see
  /// ``InterfaceDescription/announcesChanges``).
  case propertiesChanged([(name: String, value: Value)], of: InterfaceDescription)
  /// The signal `member` of `interface` at the player's `path`, with its arguments.
  case signal(String, of: String, at: ObjectPath, [Value])

  /// MPRIS `Seeked` with the position in microseconds (the corresponding MPRIS member is
  /// `org.mpris.MediaPlayer2.Player.Seeked`).
  package static func seeked(_ position: Int64) -> OutletSignal {
    .signal(
      PlayerSignal.seeked.rawValue, of: MediaPlayerInterface.player.rawValue, at: .mediaPlayer,
      [.int64(position)])
  }
}
