import Foundation

/// One signal as the monitor printed it.
package struct SignalRecord: Sendable, Decodable, CustomStringConvertible {
  /// `PropertiesChanged` or `Seeked`.
  package var signal: String
  /// The interface whose properties changed (PropertiesChanged).
  package var interface: String?
  /// The changed properties with their types and values (PropertiesChanged).
  package var changed: [String: TypedValue]?
  /// The invalidated properties (PropertiesChanged).
  package var invalidated: [String]?
  /// The new position (Seeked).
  package var position: TypedValue?

  init?(_ line: String) {
    guard let record = try? JSONDecoder().decode(SignalRecord.self, from: Data(line.utf8)) else { return nil }
    self = record
  }

  /// Whether it is a PropertiesChanged of `org.mpris.MediaPlayer2.Player`.
  package var isPlayerChange: Bool {
    signal == "PropertiesChanged" && interface == "org.mpris.MediaPlayer2.Player"
  }
  /// Whether it is a PropertiesChanged of `org.mpris.MediaPlayer2`.
  package var isRootChange: Bool { signal == "PropertiesChanged" && interface == "org.mpris.MediaPlayer2" }
  /// Whether it is `Seeked`.
  package var isSeeked: Bool { signal == "Seeked" }

  /// The names of the changed properties, sorted.
  package var changedNames: [String] { (changed ?? [:]).keys.sorted() }

  package var description: String {
    if isSeeked { return "Seeked(\(position.map { "\($0)" } ?? "?"))" }
    return "PropertiesChanged(\(interface ?? "?"), \(changedNames), invalidated: \(invalidated ?? []))"
  }
}
