import DBus

/// The name the headset button is reached by.
enum ButtonNames {
  /// The button's interface at the hub's path (``HubNames/path``), versioned as the hub's is.
  static let interface = "io.github.swift_remote_control.Button1"
}
