import DBus
import PlayerView
import RemoteControlMPRIS

extension PlayerDirectory {
  /// How long a command waits for the player.
  static let commandTimeout = Duration.seconds(5)

  /// Sends `command` to the player `id` and hands `answered` the acknowledgement once the player
  /// answered: `nil`, or an ``APIError`` with the player's own error when it refused.
  ///
  /// A command that is one method call (a press, a seek, a setting) is answered on the view's
  /// connection's thread, after the view and the directory have taken in what the player
  /// announced before its reply (``send(_:to:answered:)``): no task and no continuation on the
  /// way. One that waits on more (the sound server's streams, the hub's selection) runs in a task.
  /// A command refused before it is sent (no such player, not offered) is answered at once.
  func perform(_ command: Command, on id: String, answered: @escaping @Sendable (APIError?) -> Void) {
    let record: PlayerRecord
    let request: Request
    do throws(APIError) {
      record = try offering(command, on: id)
      request = try self.request(for: command, on: record)
    } catch {
      answered(error)
      return
    }
    switch request {
    case .call(let call):
      send(call, to: record, answered: answered)
    case .operation(let operation):
      Task {
        do throws(APIError) {
          try await operation()
          answered(nil)
        } catch {
          answered(error)
        }
      }
    }
  }

  /// Sends `command` to the player `id` and returns once the player answered: the
  /// acknowledgement. Throws an ``APIError`` with the player's own error when it refused.
  func perform(_ command: Command, on id: String) async throws(APIError) {
    let failure = await withCheckedContinuation { (continuation: CheckedContinuation<APIError?, Never>) in
      perform(command, on: id) { continuation.resume(returning: $0) }
    }
    if let failure { throw failure }
  }

  // MARK: - What a command asks

  /// One method call to a player, and how an error names it.
  struct Call: Sendable {
    var member: String
    var interface = MediaPlayerInterface.player.rawValue
    var path = ObjectPath.mediaPlayer
    var arguments: [Value] = []
    /// What the call does, in an error (`setting Volume`); the member's name when `nil`.
    var description: String?
  }

  /// What a command asks of its player: one method call, or work that waits on more.
  enum Request: Sendable {
    case call(Call)
    case operation(@Sendable () async throws(APIError) -> Void)
  }

  /// The record of the player `id`, when it offers `command` now.
  private func offering(_ command: Command, on id: String) throws(APIError) -> PlayerRecord {
    guard let record = record(id) else {
      let known = ids()
      throw APIError(
        .unknownPlayer,
        "no player \"\(id)\"; the players are: " + (known.isEmpty ? "none" : known.joined(separator: ", ")))
    }
    guard record.offers(command.name) else {
      throw APIError(.notOffered, "\(record.name) does not offer \(command.name.rawValue) now")
    }
    return record
  }

  /// What `command` asks of the player of `record`.
  private func request(for command: Command, on record: PlayerRecord) throws(APIError) -> Request {
    switch command {
    case .play, .pause, .togglePlayPause, .stop, .nextTrack, .previousTrack:
      // One MPRIS player method each, the one its name declares.
      guard let method = command.name.playerMethod else {
        throw APIError(.notOffered, "\(command.name.rawValue) is no MPRIS player method")
      }
      return .call(Call(method))
    case .seek(let position):
      guard let trackID = record.trackID.flatMap(ObjectPath.init(rawValue:)) else {
        throw APIError(.notOffered, "\(record.name) names no track (no mpris:trackid) to seek in")
      }
      if let length = record.length, position > length {
        throw APIError(.outOfRange, "position \(position) is past the end of the track (\(length) s)")
      }
      return .call(
        Call(
          PlayerMethod.setPosition, arguments: [.objectPath(trackID), .int64(Self.microseconds(position))]))
    case .skipForward(let interval):
      if record.hasExtensionSkipForward {
        return .call(
          Call(RemoteControlMethod.skipForward, arguments: [.int64(interval.map(Self.microseconds) ?? 0)]))
      }
      return .call(Call(PlayerMethod.seek, arguments: [.int64(Self.microseconds(interval ?? 15))]))
    case .skipBackward(let interval):
      if record.hasExtensionSkipBackward {
        return .call(
          Call(RemoteControlMethod.skipBackward, arguments: [.int64(interval.map(Self.microseconds) ?? 0)]))
      }
      return .call(Call(PlayerMethod.seek, arguments: [.int64(-Self.microseconds(interval ?? 15))]))
    case .volume(let volume) where record.volumeControl == .streams:
      return .operation { [self] () async throws(APIError) in try await setStreamLevel(volume, of: record) }
    case .volume(let volume) where streamVolumes == nil:
      return .call(Self.set(.volume, .double(volume)))
    case .volume(let volume):
      return .operation { [self] () async throws(APIError) in
        try await perform(Self.set(.volume, .double(volume)), on: record)
        try await setStreamsIfIgnored(volume, of: record)
      }
    case .loop(let status): return .call(Self.set(.loopStatus, .string(status.rawValue)))
    case .shuffle(let shuffle): return .call(Self.set(.shuffle, .bool(shuffle)))
    case .like(let active):
      return .call(Call(RemoteControlMethod.like, arguments: [.bool(!active)]))
    case .bookmark(let active):
      return .call(Call(RemoteControlMethod.bookmark, arguments: [.bool(!active)]))
    case .select:
      let busName = record.busName
      return .operation { [hub] () async throws(APIError) in try await hub.select(busName: busName) }
    }
  }

  private static func microseconds(_ seconds: Double) -> Int64 {
    Microseconds(seconds: seconds).rawValue
  }

  /// The write of `property` to `value`: the method `Set` of `org.freedesktop.DBus.Properties`.
  private static func set(_ property: PlayerProperty, _ value: Value) -> Call {
    Call(
      member: "Set", interface: StandardInterface.properties,
      arguments: [
        .string(MediaPlayerInterface.player.rawValue), .string(property.rawValue), .variant(value),
      ],
      description: "setting \(property.rawValue)")
  }

  // MARK: - Sending

  /// Sends `call` to the player of `record` through ``commands`` (the hub's command path, which
  /// records it as the user's), on the view's connection, and hands `answered` its outcome on
  /// that connection's thread once the view and the directory have taken in what the player
  /// announced before its reply: the view hands the directory each change through the thread's
  /// queue (``run()``), and the reply comes in after them, so the acknowledgement is queued behind
  /// them there and a client reads the change, then the acknowledgement.
  private func send(
    _ call: Call, to record: PlayerRecord, answered: @escaping @Sendable (APIError?) -> Void
  ) {
    let connection = view.connection
    commands.send(
      to: record.mirror.owner, path: call.path, interface: call.interface, member: call.member,
      arguments: call.arguments, timeout: Self.commandTimeout
    ) { result in
      let failure = Self.failure(of: result, call, to: record)
      if !connection.perform({ answered(failure) }) { answered(failure) }
    }
  }

  /// Sends `call` as ``send(_:to:answered:)`` does and returns once it was answered.
  private func perform(_ call: Call, on record: PlayerRecord) async throws(APIError) {
    let failure = await withCheckedContinuation { (continuation: CheckedContinuation<APIError?, Never>) in
      send(call, to: record) { continuation.resume(returning: $0) }
    }
    if let failure { throw failure }
  }

  /// The acknowledgement's error for the player's answer `result` to `call`; `nil` when it
  /// succeeded.
  private static func failure(
    of result: Result<[Value], BusError>, _ call: Call, to record: PlayerRecord
  ) -> APIError? {
    guard case .failure(let error) = result else { return nil }
    let what = call.description ?? call.member
    let playerError = ClientError(name: error.name.rawValue, message: error.message)
    if error.name == .noReply || error.name == .timeout {
      return APIError(
        .playerTimeout, "\(record.name) did not answer \(what) within \(Self.commandTimeout)",
        playerError: playerError)
    }
    if playerError.isPlayerGone {
      return APIError(.playerError, "\(record.name) is no longer on the bus", playerError: playerError)
    }
    return APIError(
      .playerError, "\(record.name) refused \(what): \(playerError.description)", playerError: playerError)
  }
}

extension PlayerDirectory.Call {
  /// A call of the declared MPRIS `method`, at the object where its interface lives.
  init(_ method: some MediaPlayerMethod, arguments: [Value] = []) {
    let interface = type(of: method).interface
    self.init(
      member: method.rawValue, interface: interface.rawValue,
      path: ObjectPath(rawValue: interface.objectPath) ?? .mediaPlayer, arguments: arguments)
  }
}
