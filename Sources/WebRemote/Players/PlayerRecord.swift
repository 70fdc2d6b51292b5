import RemoteControlMPRIS

/// What the web remote knows of one player: its properties as the bus last said them, the
/// extension interface's, and the position anchor.
struct PlayerRecord: Sendable {
  /// Which player.
  var identity: PlayerIdentity
  /// MPRIS `Identity`.
  var name: String
  /// The player interface's properties.
  var state: PlayerState
  /// The extension interface's properties (empty when the player has none).
  var extras: [String: PropertyValue]
  /// Where playback was and how fast it moves.
  var anchor: PositionAnchor
  /// The version of the artwork file, when it is one the hub serves.
  var artworkVersion: String?

  /// The API's id: the bus name after `org.mpris.MediaPlayer2.`.
  var id: String { identity.instance }

  /// `PlaybackStatus`, `Stopped` when absent.
  var playbackStatus: PlaybackStatus { state.playbackStatus ?? .stopped }

  /// The anchor's rate for a status and `Rate`: the rate while playing, else 0.
  static func movingRate(_ state: PlayerState) -> Double {
    switch state.playbackStatus ?? .stopped {
    case .playing: state.rate.isFinite ? state.rate : 1
    case .paused, .stopped: 0
    }
  }

  /// `mpris:artUrl`.
  var artURL: String? { state.metadata["mpris:artUrl"]?.stringValue }

  /// `mpris:length` in seconds.
  var length: Double? {
    guard let microseconds = state.length, microseconds > 0 else { return nil }
    return Double(microseconds) / 1_000_000
  }

  private func extra(_ property: RemoteControlProperty) -> PropertyValue? { extras[property.rawValue] }
  private func extraFlag(_ property: RemoteControlProperty) -> Bool { extra(property)?.boolValue ?? false }

  /// The extension's preferred intervals in seconds, else 15 s.
  private func intervals(_ property: RemoteControlProperty) -> [Double] {
    guard case .array(_, let elements)? = extra(property) else { return [15] }
    let seconds = elements.compactMap(\.int64Value).filter { $0 > 0 }.map { Double($0) / 1_000_000 }
    return seconds.isEmpty ? [15] : seconds
  }

  /// The preferred skip-forward intervals, in seconds.
  var skipForwardIntervals: [Double] { intervals(.skipForwardIntervals) }
  /// The preferred skip-backward intervals, in seconds.
  var skipBackwardIntervals: [Double] { intervals(.skipBackwardIntervals) }

  /// Whether the extension interface offers skipping forward.
  var hasExtensionSkipForward: Bool { extraFlag(.canSkipForward) }
  /// Whether the extension interface offers skipping backward.
  var hasExtensionSkipBackward: Bool { extraFlag(.canSkipBackward) }

  /// Whether the player offers `command` now.
  func offers(_ command: CommandName) -> Bool {
    switch command {
    case .play: state.canPlay
    case .pause: state.canPause
    case .togglePlayPause: state.canPlay || state.canPause
    case .stop: state.canControl
    case .nextTrack: state.canGoNext
    case .previousTrack: state.canGoPrevious
    case .seek: state.canSeek
    case .skipForward: hasExtensionSkipForward || state.canSeek
    case .skipBackward: hasExtensionSkipBackward || state.canSeek
    case .volume: state.canControl && state.volume != nil
    case .loop: state.canControl && state.loopStatus != nil
    case .shuffle: state.canControl && state.shuffle != nil
    case .like: extraFlag(.canLike)
    case .bookmark: extraFlag(.canBookmark)
    case .select: true
    }
  }

  /// The snapshot, as the API documents it.
  func json(isNowPlaying: Bool) -> JSON {
    let metadata = state.metadata
    let artwork: JSON
    if let artworkVersion {
      artwork = .string("/api/players/\(Self.pathComponent(id))/artwork?v=\(artworkVersion)")
    } else if let url = artURL, url.hasPrefix("http://") || url.hasPrefix("https://") {
      artwork = .string(url)
    } else {
      artwork = .null
    }
    let offered = CommandName.allCases.filter { $0 != .select }.map { ($0.rawValue, JSON.bool(offers($0))) }
    return .object([
      ("id", .string(id)),
      ("busName", .string(identity.busName)),
      ("identity", .string(name)),
      ("isNowPlaying", .bool(isNowPlaying)),
      ("playbackStatus", .string(playbackStatus.rawValue)),
      (
        "metadata",
        .object([
          ("trackId", .string(state.trackID)),
          ("title", .string(state.title)),
          ("artist", .string(state.artist)),
          ("album", .string(metadata["xesam:album"]?.stringValue)),
          ("length", .number(length)),
        ])
      ),
      ("artwork", artwork),
      ("position", anchor.json),
      ("volume", .number(state.volume)),
      ("loopStatus", .string(state.loopStatus?.rawValue)),
      ("shuffle", .bool(state.shuffle)),
      ("commands", .object(offered)),
      (
        "skipIntervals",
        .object([
          ("forward", .array(skipForwardIntervals.map(JSON.number))),
          ("backward", .array(skipBackwardIntervals.map(JSON.number))),
        ])
      ),
      ("isLiked", .bool(extraFlag(.likeActive))),
      ("isBookmarked", .bool(extraFlag(.bookmarkActive))),
    ])
  }

  /// `id` as one path component: percent-encoded but for unreserved characters.
  static func pathComponent(_ id: String) -> String {
    var result = ""
    for byte in id.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return result
  }
}

extension String {
  /// The string with zeros before it up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
