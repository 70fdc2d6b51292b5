import RemoteControlMPRIS

extension PlayerDirectory {
  /// How long a command waits for the player.
  static let commandTimeout = Duration.seconds(5)

  /// Sends `command` to the player `id` and returns once the player answered: the
  /// acknowledgement. Throws an ``APIError`` with the player's own error when it refused.
  func perform(_ command: Command, on id: String) async throws(APIError) {
    guard let record = record(id) else {
      let known = ids()
      throw APIError(
        .unknownPlayer,
        "no player \"\(id)\"; the players are: " + (known.isEmpty ? "none" : known.joined(separator: ", ")))
    }
    guard record.offers(command.name) else {
      throw APIError(.notOffered, "\(record.name) does not offer \(command.name.rawValue) now")
    }
    let player = bus.player(record.identity)
    let extensionInterface = MediaPlayerInterface.remoteControl.rawValue
    switch command {
    case .play: try await call(player, record, "Play")
    case .pause: try await call(player, record, "Pause")
    case .togglePlayPause: try await call(player, record, "PlayPause")
    case .stop: try await call(player, record, "Stop")
    case .nextTrack: try await call(player, record, "Next")
    case .previousTrack: try await call(player, record, "Previous")
    case .seek(let position):
      guard let trackID = record.state.trackID else {
        throw APIError(.notOffered, "\(record.name) names no track (no mpris:trackid) to seek in")
      }
      if let length = record.length, position > length {
        throw APIError(.outOfRange, "position \(position) is past the end of the track (\(length) s)")
      }
      try await call(
        player, record, "SetPosition", arguments: [.objectPath(trackID), .int64(Self.microseconds(position))])
    case .skipForward(let interval):
      if record.hasExtensionSkipForward {
        try await call(
          player, record, "SkipForward", interface: extensionInterface,
          arguments: [.int64(interval.map(Self.microseconds) ?? 0)])
      } else {
        try await call(player, record, "Seek", arguments: [.int64(Self.microseconds(interval ?? 15))])
      }
    case .skipBackward(let interval):
      if record.hasExtensionSkipBackward {
        try await call(
          player, record, "SkipBackward", interface: extensionInterface,
          arguments: [.int64(interval.map(Self.microseconds) ?? 0)])
      } else {
        try await call(player, record, "Seek", arguments: [.int64(-Self.microseconds(interval ?? 15))])
      }
    case .volume(let volume): try await set(player, record, .volume, .double(volume))
    case .loop(let status): try await set(player, record, .loopStatus, .string(status.rawValue))
    case .shuffle(let shuffle): try await set(player, record, .shuffle, .bool(shuffle))
    case .like(let active):
      try await call(player, record, "Like", interface: extensionInterface, arguments: [.bool(!active)])
    case .bookmark(let active):
      try await call(player, record, "Bookmark", interface: extensionInterface, arguments: [.bool(!active)])
    case .select: try await hub.select(busName: record.identity.busName)
    }
  }

  private static func microseconds(_ seconds: Double) -> Int64 {
    Int64((seconds * 1_000_000).rounded())
  }

  private func set(
    _ player: RemotePlayer, _ record: PlayerRecord, _ property: PlayerProperty, _ value: PropertyValue
  ) async throws(APIError) {
    try await call(
      player, record, "Set", interface: RemotePlayer.propertiesInterface,
      arguments: [.string(RemotePlayer.playerInterface), .string(property.rawValue), .variant(value)],
      path: RemotePlayer.objectPath, describedAs: "setting \(property.rawValue)")
  }

  private func call(
    _ player: RemotePlayer, _ record: PlayerRecord, _ member: String,
    interface: String = RemotePlayer.playerInterface, arguments: [PropertyValue] = [], path: String? = nil,
    describedAs description: String? = nil
  ) async throws(APIError) {
    do {
      _ = try await player.call(
        member, interface: interface, arguments: arguments, timeout: Self.commandTimeout, path: path)
    } catch {
      let what = description ?? member
      if error.name == "org.freedesktop.DBus.Error.NoReply"
        || error.name == "org.freedesktop.DBus.Error.Timeout"
      {
        throw APIError(
          .playerTimeout, "\(record.name) did not answer \(what) within \(Self.commandTimeout)",
          playerError: error)
      }
      if error.isPlayerGone {
        throw APIError(.playerError, "\(record.name) is no longer on the bus", playerError: error)
      }
      throw APIError(.playerError, "\(record.name) refused \(what): \(error.description)", playerError: error)
    }
  }
}
