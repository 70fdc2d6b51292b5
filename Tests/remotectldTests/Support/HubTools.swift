import BusTestSupport
import Foundation

/// The programs the hub's tests run, and where they are.
enum HubTools {
  /// The hub under test.
  static var remotectld: String { BuiltProducts.remotectld }
  /// The example player.
  static var binaural: String { BuiltProducts.binaural }

  /// Whether the bus tests can run: a dbus-daemon, gdbus, and the built hub and player.
  static var canRun: Bool {
    ChildProcess.which("dbus-daemon") != nil && ChildProcess.which("gdbus") != nil
      && ChildProcess.which("busctl") != nil
      && FileManager.default.isExecutableFile(atPath: remotectld)
      && FileManager.default.isExecutableFile(atPath: binaural)
  }

  /// Whether playerctl and playerctld are there too.
  static var playerctlCanRun: Bool {
    canRun && ChildProcess.which("playerctl") != nil && ChildProcess.which("playerctld") != nil
  }

  /// Whether mpv with mpv-mpris is there too.
  static var mpvCanRun: Bool { playerctlCanRun && ChildProcess.which("mpv") != nil && MPVPlugin.mpris != nil }
}
