import BusTestSupport
import Foundation

/// The programs the hub's tests run, and where they are.
enum HubTools {
  /// The hub under test.
  static var remotectld: String { BuiltProducts.remotectld }
  /// The example player.
  static var binaural: String { BuiltProducts.binaural }

  /// What the bus tests need: a dbus-daemon, gdbus, busctl, and the built hub and player.
  static var canRun: Requirement {
    .dbusDaemon && .gdbus && .busctl && .built(remotectld) && .built(binaural)
  }

  /// playerctl and playerctld too.
  static var playerctlCanRun: Requirement { canRun && .playerctl && .playerctld }

  /// mpv with mpv-mpris too.
  static var mpvCanRun: Requirement { playerctlCanRun && .mpv && .mpvMPRIS }
}
