internal import RemoteControlMPRIS

/// `metadata` without keys: playerctl's table, one line per value (`%-5s %-25s %s`: player
/// name, key, value), going one level into arrays so each artist gets a line.
enum MetadataTable {
  /// The table for `entries` (in the order the player sent them), or `nil` when empty.
  static func render(playerName: String, entries: [(String, PropertyValue)]) -> String? {
    var lines: [String] = []
    for (key, value) in entries {
      let value = value.unwrapped
      if let texts = value.tableTexts {
        for text in texts { lines.append(line(playerName, key, text)) }
      } else {
        lines.append(line(playerName, key, value.playerctlText))
      }
    }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  private static func line(_ name: String, _ key: String, _ value: String) -> String {
    pad(name, 5) + " " + pad(key, 25) + " " + value
  }

  /// `text` padded with spaces to `width` bytes, as `printf("%-Ns")` pads.
  private static func pad(_ text: String, _ width: Int) -> String {
    let count = text.utf8.count
    return count >= width ? text : text + String(repeating: " ", count: width - count)
  }
}
