/// One frame of the live view: two lines, the track and a progress bar.
struct LiveFrame: Hashable, Sendable {
  /// `▶️ Title — Artist  (player)`.
  var header: String
  /// `1:05 [#######----------] 20:00`.
  var progress: String

  /// The frame for a player: its status, title, artist, position and length (microseconds).
  static func make(
    player: String, status: String?, title: String?, artist: String?, position: Int64, length: Int64?,
    barWidth: Int = 30
  ) -> LiveFrame {
    let symbol =
      switch status {
      case "Playing": "▶"
      case "Paused": "⏸"
      default: "⏹"
      }
    var header = symbol + " " + (title ?? "(no title)")
    if let artist, !artist.isEmpty { header += " — " + artist }
    header += "  (" + player + ")"
    let elapsed = DurationText.clock(microseconds: position)
    guard let length, length > 0 else {
      return LiveFrame(
        header: header, progress: elapsed + " [" + String(repeating: "·", count: barWidth) + "] live")
    }
    let fraction = min(1, max(0, Double(position) / Double(length)))
    let filled = Int((fraction * Double(barWidth)).rounded(.down))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
    return LiveFrame(
      header: header, progress: elapsed + " [" + bar + "] " + DurationText.clock(microseconds: length))
  }

  /// An empty frame, when no player is there.
  static let noPlayer = LiveFrame(header: "No players found", progress: "")
}
