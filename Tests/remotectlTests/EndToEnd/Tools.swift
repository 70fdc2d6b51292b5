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

  /// What the bus tests need: a dbus-daemon, gdbus, playerctl and the built products.
  static var busTestsCanRun: Requirement {
    .dbusDaemon && .gdbus && .playerctl && .built(remotectl) && .built(binaural)
  }

  /// mpv with mpv-mpris too.
  static var mpvCanRun: Requirement { busTestsCanRun && .mpv && .mpvMPRIS }
}
