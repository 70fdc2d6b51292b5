internal import RemoteControlMPRIS

/// The variables a `--format` template sees for one player, as playerctl builds them: the
/// metadata (only for `metadata`), `artist`/`album`/`title` aliases of the `xesam:` keys, and
/// `playerName`, `playerInstance`, `shuffle`, `status`, `loop`, `volume` and `position`.
enum TemplateContext {
  /// The context for `identity` in `state`, with `position` in microseconds and, for the
  /// `metadata` verb, the metadata entries.
  static func make(
    identity: PlayerIdentity, state: PlayerState, position: Int64, includeMetadata: Bool
  ) -> [String: TemplateValue] {
    var context: [String: TemplateValue] = [:]
    if includeMetadata {
      for (key, value) in state.metadata { context[key] = value.templateValue }
      for alias in ["artist", "album", "title"] where context[alias] == nil {
        context[alias] = context["xesam:" + alias]
      }
    }
    context["playerName"] = context["playerName"] ?? .string(identity.name)
    context["playerInstance"] = context["playerInstance"] ?? .string(identity.instance)
    context["shuffle"] = context["shuffle"] ?? .bool(state.shuffle ?? false)
    context["status"] = context["status"] ?? .string(state.playbackStatus?.rawValue ?? "Stopped")
    context["loop"] = context["loop"] ?? .string(state.loopStatus?.rawValue ?? "None")
    context["volume"] = context["volume"] ?? .double(state.volume ?? 0)
    context["position"] = context["position"] ?? .int64(position)
    return context
  }
}
