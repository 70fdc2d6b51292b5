/// `io.github.swift_remote_control.Button1`, the headset button the hub runs: a window manager's
/// key bindings press and release it (`remotectl button press`), and the hub tells clicks and
/// holds apart.
package enum Button1 {
  /// The interface name.
  package static let interface = "io.github.swift_remote_control.Button1"

  /// The interface's methods.
  package enum Method {
    /// `Press()`: the button goes down.
    package static let press = "Press"
    /// `Release()`: the button comes up.
    package static let release = "Release"
  }
}
