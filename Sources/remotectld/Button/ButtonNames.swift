import DBus

/// The names the headset button is reached by, and those of the players it calls.
enum ButtonNames {
  /// The button's interface at the hub's path (``HubNames/path``), versioned as the hub's is.
  static let interface = "io.github.swift_remote_control.Button1"
  /// MPRIS's player object.
  static let playerPath: ObjectPath = "/org/mpris/MediaPlayer2"
  /// The extension interface's object in a player of ours.
  static let extensionPath: ObjectPath = "/org/mpris/MediaPlayer2/RemoteControl"
  /// The extension interface, whose begin and end seeking methods a player of ours serves.
  static let extensionInterface = "io.github.swift_remote_control.RemoteControl1"
}
