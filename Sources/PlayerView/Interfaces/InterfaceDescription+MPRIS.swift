import DBus
import RemoteControlMPRIS

extension InterfaceDescription {
  /// `org.mpris.MediaPlayer2`, with what it reads without a player.
  package static let root = InterfaceDescription(
    name: MediaPlayerInterface.root.rawValue,
    methods: [Method(name: "Raise"), Method(name: "Quit")],
    properties: [
      Property(name: "CanQuit", signature: "b", fallback: .bool(false)),
      Property(name: "Fullscreen", signature: "b", isWritable: true, fallback: .bool(false)),
      Property(name: "CanSetFullscreen", signature: "b", fallback: .bool(false)),
      Property(name: "CanRaise", signature: "b", fallback: .bool(false)),
      Property(name: "HasTrackList", signature: "b", fallback: .bool(false)),
      Property(name: "Identity", signature: "s", fallback: .string("remotectld (no player)")),
      Property(name: "DesktopEntry", signature: "s", fallback: .string("")),
      Property(name: "SupportedUriSchemes", signature: "as", fallback: .strings([])),
      Property(name: "SupportedMimeTypes", signature: "as", fallback: .strings([])),
    ])

  /// `org.mpris.MediaPlayer2.Player`, with what it reads without a player: Stopped, no track,
  /// every `Can*` false. `Position` is never announced: it is computed on each read.
  package static let player = InterfaceDescription(
    name: MediaPlayerInterface.player.rawValue,
    methods: [
      Method(name: "Next"), Method(name: "Previous"), Method(name: "Pause"), Method(name: "PlayPause"),
      Method(name: "Stop"), Method(name: "Play"), Method(name: "Seek", inSignature: "x", inNames: ["Offset"]),
      Method(name: "SetPosition", inSignature: "ox", inNames: ["TrackId", "Position"]),
      Method(name: "OpenUri", inSignature: "s", inNames: ["Uri"]),
    ],
    properties: [
      Property(name: "PlaybackStatus", signature: "s", fallback: .string("Stopped")),
      Property(name: "LoopStatus", signature: "s", isWritable: true, fallback: .string("None")),
      Property(name: "Rate", signature: "d", isWritable: true, fallback: .double(1)),
      Property(name: "Shuffle", signature: "b", isWritable: true, fallback: .bool(false)),
      Property(name: "Metadata", signature: "a{sv}", fallback: .vardict([:])),
      Property(name: "Volume", signature: "d", isWritable: true, fallback: .double(1)),
      Property(name: "Position", signature: "x", change: .none, fallback: .int64(0)),
      Property(name: "MinimumRate", signature: "d", fallback: .double(1)),
      Property(name: "MaximumRate", signature: "d", fallback: .double(1)),
      Property(name: "CanGoNext", signature: "b", fallback: .bool(false)),
      Property(name: "CanGoPrevious", signature: "b", fallback: .bool(false)),
      Property(name: "CanPlay", signature: "b", fallback: .bool(false)),
      Property(name: "CanPause", signature: "b", fallback: .bool(false)),
      Property(name: "CanSeek", signature: "b", fallback: .bool(false)),
      Property(name: "CanControl", signature: "b", fallback: .bool(false)),
    ],
    signals: [Signal(name: "Seeked", signature: "x", argumentNames: ["Position"])])
}

extension InterfaceDescription {
  /// The interfaces a mirror does not keep as a player's own: D-Bus's (every object has them)
  /// and MPRIS's two (``root`` and ``player``, always known).
  package static let standard: Set<String> = [
    "org.freedesktop.DBus.Properties", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer",
    "org.freedesktop.DBus.ObjectManager", MediaPlayerInterface.root.rawValue,
    MediaPlayerInterface.player.rawValue,
  ]
}
