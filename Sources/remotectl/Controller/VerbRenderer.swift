internal import RemoteControlMPRIS

/// The verbs that print (`status`, `position`, `volume`, `loop`, `shuffle`, `metadata`): what
/// they print for one player, from its state alone, with playerctl's rules for skipping a player.
enum VerbRenderer {
  /// The outcome of `verb` (a printing verb) for `identity` in `state`, with the position
  /// (microseconds) to show.
  static func render(
    _ verb: Verb, template: Template?, identity: PlayerIdentity, state: PlayerState, position: Int64?
  ) throws(ControlError) -> VerbOutcome {
    // playerctl shows a stopped player at 0, whatever Position says (its cached position is 0
    // unless the player plays or is paused).
    let position = state.playbackStatus == .stopped ? position.map { _ in 0 } : position
    func expand(metadata: Bool) throws(ControlError) -> VerbOutcome {
      guard let template else { return .skipped }
      let context = TemplateContext.make(
        identity: identity, state: state, position: position ?? 0, includeMetadata: metadata)
      do {
        return .printed(try template.expand(context))
      } catch {
        throw .couldNotExecute(error.message)
      }
    }
    switch verb {
    case .status:
      guard let status = state.playbackStatus else { return .skipped }
      return template != nil ? try expand(metadata: false) : .printed(status.rawValue)
    case .position(nil):
      if template != nil { return try expand(metadata: false) }
      guard let position else { return .skipped }
      return .printed(CFormat.fixed(Microseconds(rawValue: position).seconds))
    case .volume(nil):
      guard let volume = state.volume else { return .skipped }
      return template != nil ? try expand(metadata: false) : .printed(CFormat.fixed(volume))
    case .loop(nil):
      if template != nil { return try expand(metadata: false) }
      guard let loop = state.loopStatus else { return .skipped }
      return .printed(loop.rawValue)
    case .shuffle(nil):
      guard let shuffle = state.shuffle else { return .skipped }
      return template != nil ? try expand(metadata: false) : .printed(shuffle ? "On" : "Off")
    case .metadata(let keys):
      return try metadata(keys, template: template, identity: identity, state: state, expand: expand)
    default:
      return .skipped
    }
  }

  private static func metadata(
    _ keys: [String], template: Template?, identity: PlayerIdentity, state: PlayerState,
    expand: (Bool) throws(ControlError) -> VerbOutcome
  ) throws(ControlError) -> VerbOutcome {
    // playerctl skips players whose CanPlay is false: they have no current track.
    guard state.canPlay else { return .skipped }
    let entries = state[.metadata]?.orderedEntries ?? []
    if template != nil {
      return entries.isEmpty ? .skipped : try expand(true)
    }
    if keys.isEmpty {
      guard let table = MetadataTable.render(playerName: identity.name, entries: entries) else {
        return .skipped
      }
      return .printed(table)
    }
    let metadata = state.metadata
    var lines: [String] = []
    for key in keys {
      let resolved = ["artist", "title", "album"].contains(key) ? "xesam:" + key : key
      guard let value = metadata[resolved] else { return .skipped }
      lines.append(value.playerctlText)
    }
    return .printed(lines.joined(separator: "\n"))
  }
}
