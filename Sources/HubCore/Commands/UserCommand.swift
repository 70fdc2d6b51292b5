package import DBus
import PlayerView
package import RemoteControlMPRIS

/// A user's command to a player, as the hub sends it on their behalf: a method call at one of
/// the player's objects, or a property write, which is the call
/// `org.freedesktop.DBus.Properties.Set`.
///
/// What the command is decides what the hub records of it (``CommandPath``): whether it is
/// activity for the Now Playing rule (``isActivity``), and whether it is a press of play or pause
/// that a call's end must not undo (``isPlaybackPress``). Both are read from the call alone, so
/// the same command means the same thing whichever door it came in by.
package struct UserCommand: Sendable {
  /// The object the call goes to: `/org/mpris/MediaPlayer2`, or a child object such as the
  /// extension interface's.
  package var path: ObjectPath
  /// The interface of the method.
  package var interface: String
  /// The method.
  package var member: String
  /// Its arguments.
  package var arguments: [Value]

  package init(path: ObjectPath, interface: String, member: String, arguments: [Value]) {
    self.path = path
    self.interface = interface
    self.member = member
    self.arguments = arguments
  }

  /// The interface a property write is a method of.
  static let propertiesInterface = StandardInterface.properties

  /// The MPRIS player method `method` (`Next`, `PlayPause`…) with `arguments`.
  package static func player(_ method: PlayerMethod, _ arguments: [Value] = []) -> UserCommand {
    call(method, arguments)
  }

  /// The extension interface's method `method` (`BeginSeekingForward`, `Like`…) with `arguments`,
  /// at its child object.
  package static func remoteControl(_ method: RemoteControlMethod, _ arguments: [Value] = []) -> UserCommand {
    call(method, arguments)
  }

  /// The method `method` with `arguments`, at the object where its interface lives.
  package static func call(_ method: some MediaPlayerMethod, _ arguments: [Value] = []) -> UserCommand {
    let interface = type(of: method).interface
    return UserCommand(
      path: ObjectPath(rawValue: interface.objectPath) ?? .root, interface: interface.rawValue,
      member: method.rawValue, arguments: arguments)
  }

  /// A write of `property` of `interface` at `path`: `Properties.Set(interface, property, value)`.
  package static func write(_ property: String, of interface: String, at path: ObjectPath, _ value: Value)
    -> UserCommand
  {
    UserCommand(
      path: path, interface: propertiesInterface, member: "Set",
      arguments: [.string(interface), .string(property), .variant(value)])
  }

  /// The MPRIS player method it calls, if it calls one.
  var playerMethod: PlayerMethod? {
    interface == MediaPlayerInterface.player.rawValue ? PlayerMethod(rawValue: member) : nil
  }

  /// Whether, sent to the Now Playing player when there is none, it brings back the last Now
  /// Playing app: MPRIS `Play` and `PlayPause` (``MethodDeclaration/bringsBackTheLastApp``).
  var bringsBackTheLastApp: Bool { playerMethod?.declaration.bringsBackTheLastApp ?? false }

  /// Whether it writes a property (a setting: `Volume`, `LoopStatus`, `Shuffle`, `Rate`).
  var isPropertyWrite: Bool { interface == Self.propertiesInterface && member == "Set" }

  /// Whether the Now Playing rule counts it as activity (a command sent through the hub): every
  /// method that acts on what the player plays — MPRIS `Player`, `TrackList` and `Playlists`, the
  /// extension interface — and not a setting (a property write), as a volume change the player
  /// announces is not activity either, nor the application's own `Raise` and `Quit`.
  var isActivity: Bool { !isPropertyWrite && interface != MediaPlayerInterface.root.rawValue }

  /// Whether it is the user's play, pause, play-pause or stop: the audio session does not resume
  /// a player after a call when the user pressed one of them during it, whatever the player's
  /// status says. They are MPRIS `Play`, `Pause`, `PlayPause` and `Stop`, as their declarations
  /// say (``MethodDeclaration/isPlaybackPress``).
  var isPlaybackPress: Bool { playerMethod?.declaration.isPlaybackPress ?? false }

  /// What it does, for messages: `call Next`, `set Volume`.
  package var action: String {
    if isPropertyWrite, arguments.count > 1, let property = arguments[1].stringValue {
      return "set \(property)"
    }
    return "call \(member)"
  }
}
