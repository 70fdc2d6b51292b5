internal import RemoteControlMPRIS

/// The rules on the properties' D-Bus types, enumerations and Metadata.
extension ConformanceChecker {
  // MARK: - Types

  func checkTypes<Property: MediaPlayerProperty>(
    _ rule: String, _ properties: Result<[String: PropertyValue], ClientError>, _ interface: Property.Type
  ) -> RuleResult {
    switch properties {
    case .failure(let error): .fail(rule, "GetAll was not answered: \(error.message)")
    case .success(let properties): PropertyTypes.rule(rule, properties, interface)
    }
  }

  func checkEnumerations(_ state: PlayerState) -> RuleResult {
    var failures: [String] = []
    if let status = state[.playbackStatus]?.stringValue, state.playbackStatus == nil {
      failures.append(
        "\(PlayerProperty.playbackStatus.rawValue) \"\(status)\" is not Playing, Paused or Stopped")
    }
    if let loop = state[.loopStatus]?.stringValue, state.loopStatus == nil {
      failures.append("\(PlayerProperty.loopStatus.rawValue) \"\(loop)\" is not None, Track or Playlist")
    }
    if let minimum = state[.minimumRate]?.doubleValue, minimum > 1 {
      failures.append("\(PlayerProperty.minimumRate.rawValue) \(minimum) is above 1.0")
    }
    if let maximum = state[.maximumRate]?.doubleValue, maximum < 1 {
      failures.append("\(PlayerProperty.maximumRate.rawValue) \(maximum) is below 1.0")
    }
    // MPRIS: Rate lies between MinimumRate and MaximumRate, and is never 0.
    if let rate = state[.rate]?.doubleValue {
      if let minimum = state[.minimumRate]?.doubleValue, rate < minimum {
        failures.append("\(PlayerProperty.rate.rawValue) \(rate) is below MinimumRate \(minimum)")
      } else if let maximum = state[.maximumRate]?.doubleValue, rate > maximum {
        failures.append("\(PlayerProperty.rate.rawValue) \(rate) is above MaximumRate \(maximum)")
      } else if rate == 0 {
        failures.append("\(PlayerProperty.rate.rawValue) is 0.0, which MPRIS forbids")
      }
    }
    return .from(
      "enumerated-values", failures: failures,
      passing: "PlaybackStatus, LoopStatus, Rate and rate limits valid")
  }

  func checkMetadata(_ state: PlayerState) -> RuleResult {
    let rule = "metadata-types"
    let metadata = state.metadata
    guard !metadata.isEmpty else { return .pass(rule, "no current track, so no metadata to check") }
    var failures: [String] = []
    if metadata[MetadataKey.trackID.rawValue] == nil { failures.append("mpris:trackid missing") }
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
