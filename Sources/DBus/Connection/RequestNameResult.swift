/// The answer to a name request (the result of `org.freedesktop.DBus.RequestName`).
package enum RequestNameResult: UInt32, Sendable, Hashable {
  /// We own the name now.
  case primaryOwner = 1
  /// The name is taken; we wait in its queue and get it when the owner leaves.
  case inQueue = 2
  /// The name is taken and we asked not to queue: fall back to another name
  /// (MPRIS: `org.mpris.MediaPlayer2.<name>.instance<pid>`).
  case exists = 3
  /// We owned the name already.
  case alreadyOwner = 4
}
