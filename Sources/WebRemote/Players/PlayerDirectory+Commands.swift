import DBus
import PlayerView
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
    let player = record.mirror.owner
    // The commands that are one MPRIS player method (play … previousTrack): that method.
    if let method = command.name.playerMethod { return try await call(player, record, method) }
    switch command {
    case .play, .pause, .togglePlayPause, .stop, .nextTrack, .previousTrack: return
    case .seek(let position):
      guard let trackID = record.trackID.flatMap(ObjectPath.init(rawValue:)) else {
        throw APIError(.notOffered, "\(record.name) names no track (no mpris:trackid) to seek in")
      }
      if let length = record.length, position > length {
        throw APIError(.outOfRange, "position \(position) is past the end of the track (\(length) s)")
      }
      try await call(
        player, record, PlayerMethod.setPosition,
        arguments: [.objectPath(trackID), .int64(Self.microseconds(position))])
    case .skipForward(let interval):
      if record.hasExtensionSkipForward {
        try await call(
          player, record, RemoteControlMethod.skipForward,
          arguments: [.int64(interval.map(Self.microseconds) ?? 0)])
      } else {
        try await call(
          player, record, PlayerMethod.seek, arguments: [.int64(Self.microseconds(interval ?? 15))])
      }
    case .skipBackward(let interval):
      if record.hasExtensionSkipBackward {
        try await call(
          player, record, RemoteControlMethod.skipBackward,
          arguments: [.int64(interval.map(Self.microseconds) ?? 0)])
      } else {
        try await call(
          player, record, PlayerMethod.seek, arguments: [.int64(-Self.microseconds(interval ?? 15))])
      }
    case .volume(let volume) where record.volumeControl == .streams:
      try await setStreamLevel(volume, of: record)
    case .volume(let volume):
      try await set(player, record, .volume, .double(volume))
      try await setStreamsIfIgnored(volume, of: record)
    case .loop(let status): try await set(player, record, .loopStatus, .string(status.rawValue))
    case .shuffle(let shuffle): try await set(player, record, .shuffle, .bool(shuffle))
    case .like(let active):
      try await call(player, record, RemoteControlMethod.like, arguments: [.bool(!active)])
    case .bookmark(let active):
      try await call(player, record, RemoteControlMethod.bookmark, arguments: [.bool(!active)])
    case .select: try await hub.select(busName: record.busName)
    }
  }

  private static func microseconds(_ seconds: Double) -> Int64 {
    Microseconds(seconds: seconds).rawValue
  }

  private func set(
    _ player: BusName, _ record: PlayerRecord, _ property: PlayerProperty, _ value: Value
  ) async throws(APIError) {
    try await call(
      player, record, "Set", interface: "org.freedesktop.DBus.Properties",
      arguments: [
        .string(MediaPlayerInterface.player.rawValue), .string(property.rawValue), .variant(value),
      ],
      describedAs: "setting \(property.rawValue)")
  }

  /// Sends `method` to `player` at the object where its interface lives, as the member call below does.
  private func call(
    _ player: BusName, _ record: PlayerRecord, _ method: some MediaPlayerMethod, arguments: [Value] = []
  ) async throws(APIError) {
    let interface = type(of: method).interface
    try await call(
      player, record, method.rawValue, interface: interface.rawValue,
      path: ObjectPath(rawValue: interface.objectPath) ?? .mediaPlayer, arguments: arguments)
  }

  /// Sends `member` to `player` through ``commands`` (the hub's command path, which records it as
  /// the user's), on the view's connection, so that the view has taken in what the player
  /// announced before its reply when the acknowledgement goes out; and the directory too: the
  /// view hands it each change through the connection's thread, where the reply comes in after
  /// them, so once that thread has run what it was handed, clients have been sent the changes.
  private func call(
    _ player: BusName, _ record: PlayerRecord, _ member: String,
    interface: String = MediaPlayerInterface.player.rawValue, path: ObjectPath = .mediaPlayer,
    arguments: [Value] = [], describedAs description: String? = nil
  ) async throws(APIError) {
    let result: Result<[Value], BusError>
    do {
      result = .success(
        try await commands.send(
          to: player, path: path, interface: interface, member: member, arguments: arguments,
          timeout: Self.commandTimeout))
    } catch {
      result = .failure(error)
    }
    await view.connection.performed()
    do {
      _ = try result.get()
    } catch {
      let what = description ?? member
      let playerError = ClientError(name: error.name.rawValue, message: error.message)
      if error.name == .noReply || error.name == .timeout {
        throw APIError(
          .playerTimeout, "\(record.name) did not answer \(what) within \(Self.commandTimeout)",
          playerError: playerError)
      }
      if playerError.isPlayerGone {
        throw APIError(.playerError, "\(record.name) is no longer on the bus", playerError: playerError)
      }
      throw APIError(
        .playerError, "\(record.name) refused \(what): \(playerError.description)", playerError: playerError)
    }
  }
}
