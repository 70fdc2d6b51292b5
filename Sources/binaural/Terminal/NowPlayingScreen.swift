import RemoteControl

/// What the terminal view shows, as lines of text: a pure function of the player's state, so
/// what is drawn depends on nothing else.
struct NowPlayingScreen {
  /// Title, artist, album.
  var info: NowPlayingInfo?
  /// Playing, paused, stopped.
  var state: PlaybackState
  /// Where playback is, in seconds.
  var position: Double
  /// How long the preset lasts, in seconds.
  var duration: Double
  /// The playback rate.
  var rate: Double
  /// The volume, 0 to 1.
  var volume: Double
  /// The seek under way, if any.
  var seeking: ContinuousSeek.Direction?
  /// One-line notices (no sound device, the private bus).
  var notices: [String]

  /// The lines to draw, each at most `width` columns but for a notice's word longer than a line
  /// (an address to copy), which is kept whole (see ``wrap(_:width:)``).
  func lines(width: Int) -> [String] {
    let barWidth = max(10, width - 20)
    let fraction = duration > 0 ? min(max(position / duration, 0), 1) : 0
    let filled = Int((fraction * Double(barWidth)).rounded(.down))
    let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
    let status =
      switch state {
      case .playing: "▶ Playing"
      case .paused: "⏸ Paused"
      case .stopped: "⏹ Stopped"
      case .interrupted: "⏸ Interrupted"
      case .unknown: "·"
      }
    let seek =
      switch seeking {
      case .forward: "  seeking »"
      case .backward: "  seeking «"
      case nil: ""
      }
    var lines = [
      "Binaural — remote control over MPRIS",
      "",
      "  \(info?.title ?? "—")",
      "  \(info?.artist ?? "") — \(info?.albumTitle ?? "")",
      "",
      "  \(bar) \(Self.time(position)) / \(Self.time(duration))",
      "  \(status)   volume \(Int((volume * 100).rounded()))%   rate \(Self.rate(rate))×\(seek)",
      "",
    ]
    lines = lines.map { String($0.prefix(width)) }
    // The keys are wrapped between entries, never cut: q quit is the last.
    lines += Self.pack(KeyCommands.legend, separator: " · ", width: max(10, width - 2)).map { "  " + $0 }
    // Notices are wrapped, not cut: they hold addresses and paths to copy. A line break in a
    // notice starts a new line (a command to copy, under the sentence that says what it does).
    for notice in notices {
      lines.append("")
      for part in notice.split(separator: "\n", omittingEmptySubsequences: false) {
        lines += Self.wrap(String(part), width: max(10, width - 2)).map { line in
          // A word too long for the indented line (an address to copy) starts in the first
          // column, where it fits whole if anywhere.
          line.count > width - 2 ? line : "  " + line
        }
      }
    }
    return lines
  }

  /// `entries` joined by `separator` in lines of at most `width` columns, broken only between
  /// entries (an entry longer than a line gets a line of its own).
  static func pack(_ entries: [String], separator: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for entry in entries {
      if !line.isEmpty, line.count + separator.count + entry.count <= width {
        line += separator + entry
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = entry
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// `text` in lines of at most `width` columns, broken between words, so that an address or a
  /// path to copy is never split. A word longer than a line is never cut either: it gets a line of
  /// its own, which the terminal folds as it folds any long line, and copying gives it whole.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count <= width {
        line += " " + word
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = String(word)
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// "1:05" for 65 s, "20:00" for 1200 s.
  static func time(_ seconds: Double) -> String {
    let whole = Int(max(0, seconds).rounded(.down))
    let secondsPart = whole % 60
    return "\(whole / 60):\(secondsPart < 10 ? "0" : "")\(secondsPart)"
  }

  /// "1" for 1.0, "1.25" for 1.25.
  static func rate(_ rate: Double) -> String {
    rate == rate.rounded() ? String(Int(rate)) : String(rate)
  }
}
