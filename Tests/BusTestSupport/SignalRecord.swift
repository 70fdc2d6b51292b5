import Foundation

/// One signal as the monitor printed it.
struct SignalRecord: Sendable, Decodable, CustomStringConvertible {
  /// `PropertiesChanged` or `Seeked`.
  var signal: String
  /// The interface whose properties changed (PropertiesChanged).
  var interface: String?
  /// The changed properties with their types and values (PropertiesChanged).
  var changed: [String: TypedValue]?
  /// The invalidated properties (PropertiesChanged).
  var invalidated: [String]?
  /// The new position (Seeked).
  var position: TypedValue?

  init?(_ line: String) {
    guard let record = try? JSONDecoder().decode(SignalRecord.self, from: Data(line.utf8)) else { return nil }
    self = record
  }

  var isPlayerChange: Bool { signal == "PropertiesChanged" && interface == "org.mpris.MediaPlayer2.Player" }
  var isRootChange: Bool { signal == "PropertiesChanged" && interface == "org.mpris.MediaPlayer2" }
  var isSeeked: Bool { signal == "Seeked" }

  /// The names of the changed properties, sorted.
  var changedNames: [String] { (changed ?? [:]).keys.sorted() }

  var description: String {
    if isSeeked { return "Seeked(\(position.map { "\($0)" } ?? "?"))" }
    return "PropertiesChanged(\(interface ?? "?"), \(changedNames), invalidated: \(invalidated ?? []))"
  }
}
