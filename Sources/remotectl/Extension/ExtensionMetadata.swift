internal import RemoteControlMPRIS

/// What `metadata` adds from the extension interface: after MPRIS's metadata table, the
/// extension's properties as more lines of the same table, their keys prefixed with
/// `remotecontrol:` (`remotecontrol:LikeActive`, `remotecontrol:SkipForwardIntervals`…).
enum ExtensionMetadata {
  /// `outcome` of `metadata` without keys nor format, with the extension's lines added when the
  /// player has the interface; any other outcome as it is.
  static func adding(
    to outcome: VerbOutcome, verb: Verb, template: Template?, player: RemotePlayer
  ) async -> VerbOutcome {
    // Expected: a player without the extension interface (most) answers with an error, and
    // its MPRIS metadata is shown as it is.
    guard verb == .metadata(keys: []), template == nil, let output = outcome.output,
      let properties = try? await player.remoteControlProperties()
    else { return outcome }
    let entries = RemoteControlProperty.allCases.compactMap { property in
      properties[property.rawValue].map { ("remotecontrol:" + property.rawValue, $0) }
    }
    guard let table = MetadataTable.render(playerName: player.identity.name, entries: entries) else {
      return outcome
    }
    return VerbOutcome(handled: outcome.handled, output: output + table + "\n")
  }
}
