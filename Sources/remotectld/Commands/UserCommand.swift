import DBus
import PlayerView
import RemoteControlMPRIS

/// A user's command to a player, as the hub sends it on their behalf: a method call at one of
/// the player's objects, or a property write, which is the call
/// `org.freedesktop.DBus.Properties.Set`.
///
/// What the command is decides what the hub records of it (``CommandPath``): whether it is
/// activity for the Now Playing rule (``isActivity``), and whether it is a press of play or pause
/// that a call's end must not undo (``isPlaybackPress``). Both are read from the call alone, so
/// the same command means the same thing whichever door it came in by.
struct UserCommand: Sendable {
  /// The object the call goes to: `/org/mpris/MediaPlayer2`, or a child object such as the
  /// extension interface's.
  var path: ObjectPath
  /// The interface of the method.
  var interface: String
  /// The method.
  var member: String
  /// Its arguments.
  var arguments: [Value]

  /// The interface a property write is a method of.
  static let propertiesInterface = "org.freedesktop.DBus.Properties"

  /// The presses that say whether the player should play: MPRIS `Play`, `Pause`, `PlayPause` and
  /// `Stop`.
  static let playbackPresses: Set<String> = ["Play", "Pause", "PlayPause", "Stop"]

  /// The MPRIS player method `member` (`Next`, `PlayPause`…) with `arguments`.
  static func player(_ member: String, _ arguments: [Value] = []) -> UserCommand {
    UserCommand(
      path: .mediaPlayer, interface: MediaPlayerInterface.player.rawValue, member: member,
      arguments: arguments)
  }

  /// The extension interface's method `member` (`BeginSeekingForward`, `Like`…) with `arguments`,
  /// at its child object.
  static func remoteControl(_ member: String, _ arguments: [Value] = []) -> UserCommand {
    UserCommand(
      path: .remoteControl, interface: MediaPlayerInterface.remoteControl.rawValue, member: member,
      arguments: arguments)
  }

  /// A write of `property` of `interface` at `path`: `Properties.Set(interface, property, value)`.
  static func write(_ property: String, of interface: String, at path: ObjectPath, _ value: Value)
    -> UserCommand
  {
    UserCommand(
      path: path, interface: propertiesInterface, member: "Set",
      arguments: [.string(interface), .string(property), .variant(value)])
  }

  /// Whether, sent to the Now Playing player when there is none, it brings back the last Now
  /// Playing app: MPRIS `Play` and `PlayPause`.
  var bringsBackTheLastApp: Bool {
    interface == MediaPlayerInterface.player.rawValue && (member == "Play" || member == "PlayPause")
  }

  /// Whether it writes a property (a setting: `Volume`, `LoopStatus`, `Shuffle`, `Rate`).
  var isPropertyWrite: Bool { interface == Self.propertiesInterface && member == "Set" }

  /// Whether the Now Playing rule counts it as activity (a command sent through the hub): every
  /// method that acts on what the player plays — MPRIS `Player`, `TrackList` and `Playlists`, the
  /// extension interface — and not a setting (a property write), as a volume change the player
  /// announces is not activity either, nor the application's own `Raise` and `Quit`.
  var isActivity: Bool { !isPropertyWrite && interface != MediaPlayerInterface.root.rawValue }

  /// Whether it is the user's play, pause, play-pause or stop: the audio session does not resume
  /// a player after a call when the user pressed one of them during it, whatever the player's
  /// status says.
  var isPlaybackPress: Bool {
    interface == MediaPlayerInterface.player.rawValue && Self.playbackPresses.contains(member)
  }

  /// What it does, for messages: `call Next`, `set Volume`.
  var action: String {
    if isPropertyWrite, arguments.count > 1, let property = arguments[1].stringValue {
      return "set \(property)"
    }
    return "call \(member)"
  }
}
