/// Times as playerctl's `duration()` helper writes them.
enum DurationText {
  /// `m:ss` below an hour, `h:mm:ss` from one hour on, counting whole seconds toward zero.
  static func clock(microseconds: Int64) -> String {
    let totalSeconds = microseconds / 1_000_000
    let seconds = totalSeconds % 60
    let minutes = (totalSeconds / 60) % 60
    let hours = totalSeconds / 3600
    if hours != 0 { return "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" }
    return "\(minutes):\(twoDigits(seconds))"
  }

  private static func twoDigits(_ value: Int64) -> String {
    value >= 0 && value < 10 ? "0\(value)" : "\(value)"
  }
}
