import BusTestSupport
import Foundation

/// The programs the end-to-end tests run, and where they are.
enum Tools {
  /// The remotectl executable under test.
  static var remotectl: String { BuiltProducts.remotectl }
  /// The binaural example player.
  static var binaural: String { BuiltProducts.binaural }

  /// The first path of `name` on PATH, if any.
  static func which(_ name: String) -> String? { ChildProcess.which(name) }

  /// Whether the bus tests can run: a dbus-daemon, gdbus, playerctl and the built products.
  static var busTestsCanRun: Bool {
    which("dbus-daemon") != nil && which("gdbus") != nil && which("playerctl") != nil
      && FileManager.default.isExecutableFile(atPath: remotectl)
      && FileManager.default.isExecutableFile(atPath: binaural)
  }

  /// Whether mpv with mpv-mpris is there too.
  static var mpvCanRun: Bool { busTestsCanRun && which("mpv") != nil && MPVPlugin.mpris != nil }
}
