import BusTestSupport
import Foundation

/// The monitor of one player's signals (BusTestSupport's ``NameMonitor``, `gdbus monitor`'s
/// lines), each line stamped as it arrived: the player's own
/// PlaybackStatus announcements, which a test waits for and times.
struct PlayerSignals: Sendable {
  let lines: TimedLines

  /// Starts watching `player` on `stage`'s bus; returns once the monitor's match rule is
  /// installed (``NameMonitor/isReady(_:)``).
  static func watch(_ player: RunningPlayer, on stage: PlayerStage) async throws -> PlayerSignals {
    let lines = try TimedLines(
      NameMonitor.executable, NameMonitor.arguments(address: stage.bus.address, sender: player.busName),
      environment: stage.bus.environment)
    _ = try await lines.first(after: 0, "the monitor to follow \(player.busName)", where: NameMonitor.isReady)
    return PlayerSignals(lines: lines)
  }

  /// A mark to look after.
  var mark: Int { lines.count }

  /// Whether `line` announces a PlaybackStatus, and which.
  static func announces(_ status: String?, _ line: String) -> Bool {
    guard line.contains("'PlaybackStatus': <") else { return false }
    return status.map { line.contains("'PlaybackStatus': <'\($0)'>") } ?? true
  }

  /// The first announcement of `status` after `mark`.
  func announcement(of status: String, after mark: Int, within timeout: Duration = .seconds(15)) async throws
    -> TimedLines.Line
  {
    try await lines.first(after: mark, within: timeout, "the player to announce \(status)") {
      Self.announces(status, $0)
    }
  }

  /// Every PlaybackStatus announcement after `mark`, so far.
  func announcements(after mark: Int) -> [TimedLines.Line] {
    lines.all(after: mark) { Self.announces(nil, $0) }
  }

  func stop() async { await lines.stop() }
}
