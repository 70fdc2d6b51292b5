import HubAPI

extension PythonProgram {
  /// The hub's D-Bus names the Python programs use, read from ``HubAPI`` (their one declaration)
  /// and set in the environment of every program a ``PrivateBus`` starts: a Python program reads
  /// `os.environ['HUB1']` and never spells a name, so renaming one in HubAPI needs no Python edit.
  ///
  /// `HUB_BUS_NAME` and `HUB_PATH` are ``HubAddress``; `HUB1` and `HUB1_PLAYERS` are ``Hub1`` and its
  /// `Players` property; `BUTTON1`, `BUTTON1_PRESS` and `BUTTON1_RELEASE` are ``Button1`` and its
  /// methods.
  package static let hubNames: [String: String] = [
    "HUB_BUS_NAME": "\(HubAddress.busName)",
    "HUB_PATH": "\(HubAddress.path)",
    "HUB1": Hub1.interface,
    "HUB1_PLAYERS": Hub1.Property.players,
    "BUTTON1": Button1.interface,
    "BUTTON1_PRESS": Button1.Method.press,
    "BUTTON1_RELEASE": Button1.Method.release,
  ]
}
