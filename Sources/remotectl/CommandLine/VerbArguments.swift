internal import Glibc
internal import RemoteControlMPRIS

/// `position OFFSET[+|-]`: go to OFFSET seconds (MPRIS `SetPosition`), or seek OFFSET seconds
/// forward or backward (MPRIS `Seek`).
enum PositionChange: Hashable, Sendable {
  /// `SetPosition` to this many microseconds from the start of the track.
  case absolute(microseconds: Int64)
  /// `Seek` by this many microseconds (negative: backward).
  case relative(microseconds: Int64)

  /// Parses `10`, `10+`, `2.5-`, or throws playerctl's message for anything else.
  init(parsing text: String) throws(ControlError) {
    guard let (seconds, sign) = SignedNumber.parse(text),
      let microseconds = SignedNumber.microseconds(seconds)
    else { throw .couldNotExecute("Could not parse position as a number: \(text)") }
    switch sign {
    case nil: self = .absolute(microseconds: microseconds)
    case .plus: self = .relative(microseconds: microseconds)
    case .minus: self = .relative(microseconds: -microseconds)
    }
  }
}

/// `volume LEVEL[+|-]`: set `Volume` to LEVEL (0.0 is 0%, 1.0 is 100%), or change it by LEVEL.
enum VolumeChange: Hashable, Sendable {
  /// Set the volume to this level.
  case absolute(Double)
  /// Change the volume by this much.
  case relative(Double)

  /// Parses `0.5`, `0.1+`, `0.1-`, or throws playerctl's message for anything else.
  init(parsing text: String) throws(ControlError) {
    guard let (level, sign) = SignedNumber.parse(text), level.isFinite else {
      throw .couldNotExecute("could not parse volume as a number: \(text)")
    }
    switch sign {
    case nil: self = .absolute(level)
    case .plus: self = .relative(level)
    case .minus: self = .relative(-level)
    }
  }

  /// The level to set, given the current one (MPRIS clamps negative volumes at 0).
  func level(from current: Double) -> Double {
    switch self {
    case .absolute(let level): level
    case .relative(let change): current + change
    }
  }
}

extension LoopStatus {
  /// `loop None|Track|Playlist`: parses a status in any case, or throws playerctl's message.
  init(parsing text: String) throws(ControlError) {
    guard let status = LoopStatus.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() })
    else {
      throw .couldNotExecute(
        "Got unknown loop status: '\(text)' (expected 'none', 'playlist', or 'track').")
    }
    self = status
  }
}

/// `shuffle On|Off|Toggle`, matched case-insensitively.
enum ShuffleChange: String, Hashable, Sendable, CaseIterable {
  /// Turn `Shuffle` on.
  case on
  /// Turn `Shuffle` off.
  case off
  /// Flip `Shuffle`.
  case toggle

  /// Parses a setting in any case, or throws playerctl's message.
  init(parsing text: String) throws(ControlError) {
    guard let change = ShuffleChange(rawValue: text.lowercased()) else {
      throw .couldNotExecute(
        "Got unknown shuffle status: '\(text)' (expected 'on', 'off', or 'toggle').")
    }
    self = change
  }

  /// The new `Shuffle` value, given the current one.
  func value(from current: Bool) -> Bool {
    switch self {
    case .on: true
    case .off: false
    case .toggle: !current
    }
  }
}

/// A number with an optional trailing `+` or `-`, as playerctl's `position` and `volume` take.
enum SignedNumber {
  /// The trailing sign.
  enum Sign: Sendable { case plus, minus }

  /// The number and its trailing sign, or `nil` unless the whole text is a decimal number
  /// (C `strtod` syntax, without hexadecimal, infinities or NaN) followed by at most one sign.
  static func parse(_ text: String) -> (Double, Sign?)? {
    var body = Substring(text)
    var sign: Sign?
    if body.last == "+" {
      sign = .plus
      body = body.dropLast()
    } else if body.last == "-" {
      sign = .minus
      body = body.dropLast()
    }
    guard !body.isEmpty,
      body.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
      let value = Double(String(body)), value.isFinite
    else { return nil }
    return (value, sign)
  }

  /// Seconds as whole microseconds (``Microseconds``' rounding: to the nearest), or `nil` when
  /// that does not fit in an `Int64`.
  static func microseconds(_ seconds: Double) -> Int64? {
    guard seconds.isFinite, abs(seconds) < 9.2e12 else { return nil }
    return Microseconds(seconds: seconds).rawValue
  }
}
