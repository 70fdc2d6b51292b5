import DBus
import PlayerView
import RemoteControlMPRIS

/// A signal the proxy player sends controllers: computed under the proxy's lock, sent after it.
enum ProxySignal: Sendable {
  /// `PropertiesChanged` of `names` of an interface whose changes are announced (see
  /// ``InterfaceDescription/announcesChanges``).
  case propertiesChanged([String], of: InterfaceDescription)
  /// The signal `member` of `interface` at `path`, with its arguments.
  case signal(String, of: String, at: ObjectPath, [Value])

  /// MPRIS `Seeked` with the position in microseconds.
  static func seeked(_ position: Int64) -> ProxySignal {
    .signal("Seeked", of: MediaPlayerInterface.player.rawValue, at: HubNames.path, [.int64(position)])
  }
}
