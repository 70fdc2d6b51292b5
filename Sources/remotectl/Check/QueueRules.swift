internal import RemoteControlMPRIS

/// `remotectl check`'s rules for `org.mpris.MediaPlayer2.TrackList` and
/// `org.mpris.MediaPlayer2.Playlists`, when the player has them: the properties' types, the
/// tracks' metadata, `GoTo` with an unknown id changing nothing, and `GetPlaylists` answering
/// with the playlists there are. A player without them passes, saying so.
struct QueueRules {
  /// The player under test.
  let player: RemotePlayer

  /// Every rule, in order; `hasTrackList` is the root's `HasTrackList`.
  func run(hasTrackList: Bool) async -> [RuleResult] {
    var results: [RuleResult] = []
    if hasTrackList {
      results += await checkTrackList()
    } else {
      results.append(.pass("tracklist", "HasTrackList is false: no TrackList to check"))
    }
    results += await checkPlaylists()
    return results
  }

  private func checkTrackList() async -> [RuleResult] {
    let properties: [String: PropertyValue]
    do {
      properties = try await player.properties(interface: QueueClient.trackList)
    } catch {
      return [.fail("tracklist-properties", "HasTrackList is true but GetAll failed: \(error.message)")]
    }
    var results = [PropertyTypes.rule("tracklist-properties", properties, TrackListProperty.self)]
    let tracks = properties[TrackListProperty.tracks.rawValue]?.stringsValue ?? []
    results.append(await checkTracksMetadata(tracks))
    results.append(await checkGoToUnknown())
    return results
  }

  /// `GetTracksMetadata` of every track: one map each, its `mpris:trackid` the id asked for,
  /// every entry with the guidelines' type.
  private func checkTracksMetadata(_ tracks: [String]) async -> RuleResult {
    let rule = "tracklist-metadata"
    let reply: [PropertyValue]
    do {
      reply = try await player.call(
        TrackListMethod.getTracksMetadata, [.array(elementSignature: "o", tracks.map { .objectPath($0) })])
    } catch {
      return .fail(rule, "GetTracksMetadata failed: \(error.message)")
    }
    guard case .array(_, let maps)? = reply.first else {
      return .fail(rule, "GetTracksMetadata answered no array")
    }
    var failures: [String] = []
    if maps.count != tracks.count { failures.append("\(maps.count) maps for \(tracks.count) tracks") }
    for (track, map) in zip(tracks, maps) {
      guard let entries = map.dictionaryValue else {
        failures.append("\(track): not a{sv}")
        continue
      }
      if entries[MetadataKey.trackID.rawValue]?.unwrapped.stringValue != track {
        failures.append("\(track): mpris:trackid is not the track's id")
      }
      for (key, value) in entries {
        if let type = PropertyTypes.metadata[key], value.unwrapped.signature != type {
          failures.append("\(track): \(key) is \(value.unwrapped.signature), not \(type)")
        }
      }
    }
    return .from(
      rule, failures: failures, passing: "\(tracks.count) tracks, each with its id and typed entries")
  }

  /// `GoTo` an id that is not in the list: an error, or nothing happens.
  private func checkGoToUnknown() async -> RuleResult {
    let rule = "tracklist-goto-unknown"
    let before: PropertyValue?
    do {
      before = try await currentTrackID()
    } catch {
      return .fail(rule, "Metadata cannot be read: \(error.message)")
    }
    do {
      try await player.call(TrackListMethod.goTo, [.objectPath("/org/remotectl/check/NoSuchTrack")])
    } catch {
      return .pass(rule, "refused with \(error.name)")
    }
    let after: PropertyValue?
    do {
      after = try await currentTrackID()
    } catch {
      return .fail(rule, "Metadata cannot be read after GoTo: \(error.message)")
    }
    return after == before
      ? .pass(rule, "accepted and ignored") : .fail(rule, "GoTo an unknown id changed the current track")
  }

  /// The current track's `mpris:trackid`, from a `Get` of Metadata.
  private func currentTrackID() async throws(ClientError) -> PropertyValue? {
    try await player.property(.metadata).dictionaryValue?[MetadataKey.trackID.rawValue]
  }

  private func checkPlaylists() async -> [RuleResult] {
    let properties: [String: PropertyValue]
    do {
      properties = try await player.properties(interface: QueueClient.playlists)
    } catch let error where error.isMissing {
      return [.pass("playlists", "no Playlists interface to check")]
    } catch {
      return [.fail("playlists", "GetAll of Playlists failed: \(error.message)")]
    }
    var results = [PropertyTypes.rule("playlists-properties", properties, PlaylistsProperty.self)]
    let rule = "playlists-get"
    guard case .uint32(let count)? = properties[PlaylistsProperty.playlistCount.rawValue],
      let ordering = properties[PlaylistsProperty.orderings.rawValue]?.stringsValue?.first
    else {
      results.append(.fail(rule, "PlaylistCount or Orderings unreadable"))
      return results
    }
    do {
      let reply = try await player.call(
        PlaylistsMethod.getPlaylists, [.uint32(0), .uint32(UInt32.max), .string(ordering), .bool(false)])
      guard case .array(let signature, let playlists)? = reply.first, signature == "(oss)" else {
        results.append(.fail(rule, "GetPlaylists did not answer a(oss)"))
        return results
      }
      results.append(
        playlists.count == Int(count)
          ? .pass(rule, "GetPlaylists(0, max, \(ordering)) lists the \(count) playlists")
          : .fail(rule, "GetPlaylists listed \(playlists.count) playlists, PlaylistCount is \(count)"))
    } catch {
      results.append(.fail(rule, "GetPlaylists(0, max, \(ordering)) failed: \(error.message)"))
    }
    return results
  }
}
