package import DBus
import RemoteControlMPRIS

extension ObjectPath {
  /// `/org/mpris/MediaPlayer2`, where every MPRIS player serves its interfaces.
  package static let mediaPlayer = ObjectPath(rawValue: MediaPlayerInterface.objectPath) ?? .root
  /// `/org/mpris/MediaPlayer2/RemoteControl`, where a player built with this package serves its
  /// extension interface.
  package static let remoteControl =
    ObjectPath(rawValue: MediaPlayerInterface.remoteControlObjectPath) ?? .root
}
