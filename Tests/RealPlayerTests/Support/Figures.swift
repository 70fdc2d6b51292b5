import BusTestSupport
import Foundation
import SoundTestSupport
import Synchronization

/// How long one run's player took to announce Paused: from the moment the sound server reported
/// the call's stream, and the headphones' removal. Appended as a JSON line to the file named by
/// `REAL_PLAYER_FIGURES`, when set (`Benchmarks/real-players.sh` sets it and sums them up), and
/// printed.
struct Figures: Sendable, Encodable {
  let player: String
  let server: String
  let hub: String
  /// The call's stream appearing → Paused, in milliseconds.
  var callMilliseconds: Double?
  /// The headphones' sink removed → Paused, in milliseconds.
  var lostOutputMilliseconds: Double?

  init(player: RealPlayer, arrangement: Arrangement) {
    self.player = player.rawValue
    server = arrangement.server.rawValue
    hub = arrangement.hub.rawValue
  }

  /// `duration` in milliseconds.
  static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
  }

  /// Writes the line.
  func record() throws {
    let line = String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
    print("real player figures: \(line)")
    guard let path = ProcessInfo.processInfo.environment["REAL_PLAYER_FIGURES"] else { return }
    try Self.appending.withLock { _ in
      if !FileManager.default.fileExists(atPath: path) {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
          throw TestFailure("could not make \(path)")
        }
      }
      let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      defer { try? file.close() }
      try file.seekToEnd()
      try file.write(contentsOf: Data((line + "\n").utf8))
    }
  }

  /// Held while a line is appended.
  private static let appending = Mutex(())
}
