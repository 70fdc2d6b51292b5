internal import RemoteControlMPRIS

/// What a verb of the extension interface (`io.github.swift_remote_control.RemoteControl1`)
/// asks a player: the verbs MPRIS has no member for.
enum ExtensionAction: Hashable, Sendable {
  /// `like [--undo]`: `Like(IsNegative)`.
  case like(undo: Bool)
  /// `dislike [--undo]`: `Dislike(IsNegative)`.
  case dislike(undo: Bool)
  /// `bookmark [--undo]`: `Bookmark(IsNegative)`.
  case bookmark(undo: Bool)
  /// `rate N`: `Rate(Rating)`.
  case rate(Double)
  /// `skip-forward`: `SkipForward` by the first of `SkipForwardIntervals`.
  case skipForward
  /// `skip-backward`: `SkipBackward` by the first of `SkipBackwardIntervals`.
  case skipBackward
  /// `languages`: print `AvailableLanguageOptions`, the current ones marked.
  case languages
  /// `language ID [--off]`: `EnableLanguageOption` (or `DisableLanguageOption`).
  case language(String, off: Bool)

  /// The verb as typed.
  var name: String {
    switch self {
    case .like: "like"
    case .dislike: "dislike"
    case .bookmark: "bookmark"
    case .rate: "rate"
    case .skipForward: "skip-forward"
    case .skipBackward: "skip-backward"
    case .languages: "languages"
    case .language: "language"
    }
  }

  /// Whether the action changes something (a command), rather than printing.
  var isChange: Bool { self != .languages }

  /// The `Can…` property that must be `true` for the action.
  var gate: RemoteControlProperty? {
    switch self {
    case .like: .canLike
    case .dislike: .canDislike
    case .bookmark: .canBookmark
    case .rate: .canRate
    case .skipForward: .canSkipForward
    case .skipBackward: .canSkipBackward
    case .languages: nil
    case .language(_, let off): off ? .canDisableLanguageOption : .canEnableLanguageOption
    }
  }

  /// Performs the action on `player`, whose extension properties are `properties`.
  /// - Returns: What to print, if anything.
  func perform(on player: RemotePlayer, properties: [String: PropertyValue]) async throws(ClientError)
    -> String?
  {
    switch self {
    case .like(let undo):
      try await player.call(RemoteControlMethod.like, [.bool(undo)])
    case .dislike(let undo):
      try await player.call(RemoteControlMethod.dislike, [.bool(undo)])
    case .bookmark(let undo):
      try await player.call(RemoteControlMethod.bookmark, [.bool(undo)])
    case .rate(let rating):
      try await player.call(RemoteControlMethod.rate, [.double(rating)])
    case .skipForward:
      try await player.call(
        RemoteControlMethod.skipForward, [.int64(Self.preferred(.skipForwardIntervals, properties))])
    case .skipBackward:
      try await player.call(
        RemoteControlMethod.skipBackward, [.int64(Self.preferred(.skipBackwardIntervals, properties))])
    case .languages:
      return Self.languageLines(properties)
    case .language(let identifier, let off):
      try await player.call(
        off ? RemoteControlMethod.disableLanguageOption : .enableLanguageOption, [.string(identifier)])
    }
    return nil
  }

  /// The first preferred interval in µs; 0 (the player's own choice) when it lists none.
  private static func preferred(_ property: RemoteControlProperty, _ properties: [String: PropertyValue])
    -> Int64
  {
    guard case .array(_, let intervals)? = properties[property.rawValue] else { return 0 }
    return intervals.first?.int64Value ?? 0
  }

  /// `languages`' output: one option a line, `*` before the current ones, then identifier,
  /// kind, language tag and display name, separated by tabs.
  private static func languageLines(_ properties: [String: PropertyValue]) -> String {
    let current = Set(properties[RemoteControlProperty.currentLanguageOptions.rawValue]?.stringsValue ?? [])
    guard case .array(_, let options)? = properties[RemoteControlProperty.availableLanguageOptions.rawValue]
    else { return "" }
    return options.compactMap { option -> String? in
      guard case .structure(let fields) = option else { return nil }
      let texts = fields.map { $0.stringValue ?? "" }
      guard let identifier = texts.first else { return nil }
      return (current.contains(identifier) ? "* " : "  ") + texts.joined(separator: "\t") + "\n"
    }.joined()
  }
}
