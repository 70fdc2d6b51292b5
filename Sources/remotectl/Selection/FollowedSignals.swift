internal import RemoteControlMPRIS

/// The changes that put a player first while `--all-players --follow` runs, as playerctl takes
/// them: with `-a` it keeps no `-p` order, only the order of change, the player that sent the
/// followed signal last first (a player that appears counts as a change).
///
/// The followed signal is the verb's own (`metadata` → `Metadata`, `status` → `PlaybackStatus`,
/// `volume` → `Volume`, `loop` → `LoopStatus`, `shuffle` → `Shuffle`, `position` → `Seeked`), and
/// with `--format` also those of the verbs the template names as variables (`{{status}}`,
/// `{{volume}}`…), but not `Metadata` for a template's metadata keys.
struct FollowedSignals: Sendable {
  /// The player interface's properties whose change puts a player first.
  let properties: Set<String>
  /// Whether `Seeked` puts a player first.
  let seeked: Bool

  /// The signals `verb` follows, and those of the verbs `template` reads.
  init(verb: Verb, template: Template?) {
    let byVerb: [(name: String, property: PlayerProperty?)] = [
      ("position", nil), ("volume", .volume), ("status", .playbackStatus), ("loop", .loopStatus),
      ("shuffle", .shuffle), ("metadata", .metadata),
    ]
    var properties: Set<String> = []
    var seeked = false
    for (name, property) in byVerb
    where name == verb.name || (name != "metadata" && template?.reads(name) == true) {
      if let property { properties.insert(property.rawValue) } else { seeked = true }
    }
    self.properties = properties
    self.seeked = seeked
  }

  /// Whether `event` is one of the followed signals.
  func contains(_ event: PlayerEvent) -> Bool {
    switch event {
    case .seeked: seeked
    case .propertiesChanged(let interface, let changed, _):
      interface == MediaPlayerInterface.player.rawValue && changed.keys.contains { properties.contains($0) }
    }
  }
}
