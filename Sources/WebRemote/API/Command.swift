import HubSupport
import RemoteControlMPRIS

/// One command with its arguments checked: what a `POST /api/players/{id}/{command}` or a
/// WebSocket `command` message asks for.
enum Command: Sendable, Hashable {
  case play, pause, togglePlayPause, stop, nextTrack, previousTrack
  /// To this many seconds into the track.
  case seek(position: Double)
  /// By this many seconds, or the player's preferred interval.
  case skipForward(interval: Double?)
  /// By this many seconds, or the player's preferred interval.
  case skipBackward(interval: Double?)
  /// To this volume, 0 to 1.
  case volume(Double)
  /// To this loop status.
  case loop(LoopStatus)
  /// Shuffle on or off.
  case shuffle(Bool)
  /// Like, or take the like back.
  case like(active: Bool)
  /// Bookmark, or take the bookmark back.
  case bookmark(active: Bool)
  /// Make the player Now Playing.
  case select

  /// The longest skip accepted: a day.
  static let maximumInterval = 86_400.0

  /// Checks `arguments` (the JSON body; `nil` for none) for the command `name` and returns the
  /// command, or says what is wrong.
  init(name: String, arguments: JSONValue?) throws(APIError) {
    guard let command = CommandName(rawValue: name) else {
      let known = CommandName.allCases.map(\.rawValue).joined(separator: ", ")
      throw APIError(.unknownCommand, "no command \"\(name)\"; the commands are: \(known)")
    }
    let body = try Arguments(command: command, json: arguments)
    switch command {
    case .play: self = .play
    case .pause: self = .pause
    case .togglePlayPause: self = .togglePlayPause
    case .stop: self = .stop
    case .nextTrack: self = .nextTrack
    case .previousTrack: self = .previousTrack
    case .seek:
      let position = try body.number("position", required: true) ?? 0
      guard position >= 0 else { throw APIError(.outOfRange, "position \(position) is negative") }
      self = .seek(position: position)
    case .skipForward: self = .skipForward(interval: try body.interval())
    case .skipBackward: self = .skipBackward(interval: try body.interval())
    case .volume:
      let volume = try body.number("volume", required: true) ?? 0
      guard (0...1).contains(volume) else {
        throw APIError(.outOfRange, "volume \(volume) is outside 0 … 1")
      }
      self = .volume(volume)
    case .loop:
      let text = try body.string("loopStatus")
      guard let status = LoopStatus(rawValue: text) else {
        throw APIError(.outOfRange, "loopStatus \"\(text)\" is not None, Track or Playlist")
      }
      self = .loop(status)
    case .shuffle: self = .shuffle(try body.flag("shuffle", required: true) ?? false)
    case .like: self = .like(active: try body.flag("active", required: false) ?? true)
    case .bookmark: self = .bookmark(active: try body.flag("active", required: false) ?? true)
    case .select: self = .select
    }
  }

  /// Which command of the allowlist this is.
  var name: CommandName {
    switch self {
    case .play: .play
    case .pause: .pause
    case .togglePlayPause: .togglePlayPause
    case .stop: .stop
    case .nextTrack: .nextTrack
    case .previousTrack: .previousTrack
    case .seek: .seek
    case .skipForward: .skipForward
    case .skipBackward: .skipBackward
    case .volume: .volume
    case .loop: .loop
    case .shuffle: .shuffle
    case .like: .like
    case .bookmark: .bookmark
    case .select: .select
    }
  }
}

/// A command's JSON body, read field by field: unknown fields and wrong types are refused.
private struct Arguments {
  let command: CommandName
  let members: [(String, JSONValue)]

  /// The fields each command takes.
  static func fields(of command: CommandName) -> [String] {
    switch command {
    case .play, .pause, .togglePlayPause, .stop, .nextTrack, .previousTrack, .select: []
    case .seek: ["position"]
    case .skipForward, .skipBackward: ["interval"]
    case .volume: ["volume"]
    case .loop: ["loopStatus"]
    case .shuffle: ["shuffle"]
    case .like, .bookmark: ["active"]
    }
  }

  init(command: CommandName, json: JSONValue?) throws(APIError) {
    self.command = command
    switch json {
    case nil, .null?: members = []
    case .object(let members)?: self.members = members
    case .bool?, .integer?, .number?, .string?, .array?:
      throw APIError(.badRequest, "the arguments of \(command.rawValue) must be a JSON object")
    }
    let allowed = Self.fields(of: command)
    for (key, _) in members where !allowed.contains(key) {
      throw APIError(
        .badRequest,
        "\(command.rawValue) takes "
          + (allowed.isEmpty ? "no arguments" : allowed.map { "\"\($0)\"" }.joined(separator: ", "))
          + ", not \"\(key)\"")
    }
  }

  private func value(_ key: String) -> JSONValue? { members.first { $0.0 == key }?.1 }

  func number(_ key: String, required: Bool) throws(APIError) -> Double? {
    guard let value = value(key) else {
      if required { throw APIError(.badRequest, "\(command.rawValue) needs \"\(key)\", a number") }
      return nil
    }
    guard let number = value.doubleValue, number.isFinite else {
      throw APIError(.badRequest, "\"\(key)\" must be a finite number")
    }
    return number
  }

  func flag(_ key: String, required: Bool) throws(APIError) -> Bool? {
    guard let value = value(key) else {
      if required { throw APIError(.badRequest, "\(command.rawValue) needs \"\(key)\", true or false") }
      return nil
    }
    guard let flag = value.boolValue else { throw APIError(.badRequest, "\"\(key)\" must be true or false") }
    return flag
  }

  func string(_ key: String) throws(APIError) -> String {
    guard let text = value(key)?.stringValue else {
      throw APIError(.badRequest, "\(command.rawValue) needs \"\(key)\", a string")
    }
    return text
  }

  func interval() throws(APIError) -> Double? {
    guard let interval = try number("interval", required: false) else { return nil }
    guard interval > 0, interval <= Command.maximumInterval else {
      throw APIError(
        .outOfRange, "interval \(interval) is outside (0, \(Int(Command.maximumInterval))] seconds")
    }
    return interval
  }
}
