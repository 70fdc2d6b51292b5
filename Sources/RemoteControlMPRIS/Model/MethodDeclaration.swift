package import DBus
package import RemoteControl

/// One method as its interface's specification declares it: its name, its arguments and
/// results (D-Bus types and the names introspection shows), the remote command it is, and what
/// a hub makes of a user's call of it.
///
/// The one statement of the MPRIS 2.2 method tables (and of this package's extension
/// interface), beside ``PropertyDeclaration``: each method name type (``PlayerMethod``,
/// ``RootMethod``, ``TrackListMethod``, ``PlaylistsMethod``, ``RemoteControlMethod``) declares
/// its cases here, and everything else derives from it: the player's own interfaces, what a
/// forwarding player serves, what a hub counts as a user's press, and every call a controller
/// makes.
package struct MethodDeclaration: Sendable, Hashable {
  /// The interface the method belongs to.
  package let interface: MediaPlayerInterface
  /// The name, such as `PlayPause`.
  package let name: String
  /// The D-Bus types of the arguments, such as `ox`.
  package let inSignature: Signature
  /// The argument names, one per complete type of ``inSignature``, such as `TrackId`, `Position`.
  package let inNames: [String]
  /// The D-Bus types of the results.
  package let outSignature: Signature
  /// The result names, one per complete type of ``outSignature``.
  package let outNames: [String]
  /// The command center's command a call of it is (`PlayPause` is
  /// `RemoteCommandKind.togglePlayPause`), or `nil` for a method that is no one command (a
  /// query such as `GetPlaylists`; `Seek`, which is a skip, a next track or nothing; the
  /// audio session's posts).
  package let command: RemoteCommandKind?
  /// Whether a user's call of it says whether the player should play: MPRIS `Play`, `Pause`,
  /// `PlayPause` and `Stop`. A call's end does not undo such a press.
  package let isPlaybackPress: Bool
  /// Whether, sent to the Now Playing player when there is none, it brings back the last Now
  /// Playing app: MPRIS `Play` and `PlayPause`.
  package let bringsBackTheLastApp: Bool

  /// The declaration of `method`.
  package init<Method: MediaPlayerMethod>(
    _ method: Method, in inSignature: Signature = .empty, _ inNames: [String] = [],
    out outSignature: Signature = .empty, _ outNames: [String] = [], command: RemoteCommandKind?,
    playbackPress: Bool = false, bringsBackTheLastApp: Bool = false
  ) {
    self.interface = Method.interface
    self.name = method.rawValue
    self.inSignature = inSignature
    self.inNames = inNames
    self.outSignature = outSignature
    self.outNames = outNames
    self.command = command
    self.isPlaybackPress = playbackPress
    self.bringsBackTheLastApp = bringsBackTheLastApp
  }
}
