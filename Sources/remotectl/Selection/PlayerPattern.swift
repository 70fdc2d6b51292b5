/// One name given to `-p/--player` or `-i/--ignore-player`, matched as playerctl matches it:
/// `vlc` matches the player `vlc` and every instance `vlc.instance1234`; `vlc.instance1234`
/// matches only that instance; `%any` matches every player.
struct PlayerPattern: Hashable, Sendable {
  /// The name as given, such as `vlc`, `vlc.instance1234` or `%any`.
  var text: String

  /// The pattern that matches every player.
  static let any = PlayerPattern("%any")

  /// A pattern for `text`.
  init(_ text: String) { self.text = text }

  /// Whether this is `%any`.
  var isAny: Bool { text == "%any" }

  /// Whether the player instance `instance` (a bus name without `org.mpris.MediaPlayer2.`)
  /// matches: the same name, or the name followed by `.` and an instance suffix.
  func matches(_ instance: String) -> Bool {
    if isAny || instance == "%any" || instance == text { return true }
    return instance.hasPrefix(text + ".")
  }

  /// The patterns of a comma-separated list such as `-p vlc,mpv`, spaces trimmed, empty items
  /// dropped (as playerctl's `strtok` drops them).
  static func list(_ argument: String?) -> [PlayerPattern] {
    guard let argument else { return [] }
    return argument.split(separator: ",").compactMap {
      let trimmed = $0.trimmingSpaces
      return trimmed.isEmpty ? nil : PlayerPattern(trimmed)
    }
  }
}

extension Substring {
  /// The text without leading and trailing whitespace, as GLib's `g_strstrip` trims it.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
