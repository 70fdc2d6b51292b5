internal import RemoteControlMPRIS

/// The rules on the properties' D-Bus types, enumerations and Metadata.
extension ConformanceChecker {
  // MARK: - Types

  func checkTypes(
    _ rule: String, _ properties: [String: PropertyValue], _ table: [(String, String, Bool)], answered: Bool
  ) -> RuleResult {
    guard answered else { return .fail(rule, "GetAll was not answered") }
    return PropertyTypes.rule(rule, properties, table)
  }

  func checkEnumerations(_ state: PlayerState) -> RuleResult {
    var failures: [String] = []
    if let status = state.properties["PlaybackStatus"]?.stringValue, state.playbackStatus == nil {
      failures.append("PlaybackStatus \"\(status)\" is not Playing, Paused or Stopped")
    }
    if let loop = state.properties["LoopStatus"]?.stringValue, state.loopStatus == nil {
      failures.append("LoopStatus \"\(loop)\" is not None, Track or Playlist")
    }
    if let minimum = state.properties["MinimumRate"]?.doubleValue, minimum > 1 {
      failures.append("MinimumRate \(minimum) is above 1.0")
    }
    if let maximum = state.properties["MaximumRate"]?.doubleValue, maximum < 1 {
      failures.append("MaximumRate \(maximum) is below 1.0")
    }
    return .from(
      "enumerated-values", failures: failures, passing: "PlaybackStatus, LoopStatus and rate limits valid")
  }

  func checkMetadata(_ state: PlayerState) -> RuleResult {
    let rule = "metadata-types"
    let metadata = state.metadata
    guard !metadata.isEmpty else { return .pass(rule, "no current track, so no metadata to check") }
    var failures: [String] = []
    if metadata["mpris:trackid"] == nil { failures.append("mpris:trackid missing") }
    for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
      if let type = PropertyTypes.metadata[key], value.signature != type {
        failures.append("\(key) is \(value.signature), not \(type)")
      }
    }
    if let trackID = state.trackID, trackID.hasPrefix("/org/mpris/"),
      trackID != "/org/mpris/MediaPlayer2/TrackList/NoTrack"
    {
      failures.append("mpris:trackid \(trackID) is under /org/mpris, which MPRIS reserves")
    }
    return .from(
      rule, failures: failures,
      passing: "mpris:trackid is o, mpris:length x, and every known key has its type")
  }
}
