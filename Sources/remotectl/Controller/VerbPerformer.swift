internal import Glibc
internal import RemoteControlMPRIS

/// The verbs that change something: each checks the `Can*` property playerctl checks, then calls
/// the MPRIS method or sets the property.
enum VerbPerformer {
  /// Performs `verb` on `player`, whose properties are `state`.
  static func perform(_ verb: Verb, on player: RemotePlayer, state: PlayerState)
    async throws(ControlError) -> VerbOutcome
  {
    do {
      switch verb {
      case .play:
        guard state.canPlay else { return .skipped }
        try await player.play()
      case .pause:
        guard state.canPause else { return .skipped }
        try await player.pause()
      case .playPause:
        guard state.canPlay else { return .skipped }
        try await player.playPause()
      case .stop:
        guard state.canPlay else { return .skipped }
        try await player.stop()
      case .next:
        guard state.canGoNext else { return .skipped }
        try await player.next()
      case .previous:
        guard state.canGoPrevious else { return .skipped }
        try await player.previous()
      case .open(let uri):
        guard state.canControl else { return .skipped }
        try await player.openURI(FileURI.resolve(uri))
      case .position(let change?):
        guard state.canSeek else { return .skipped }
        switch change {
        case .relative(let offset):
          try await player.seek(by: offset)
        case .absolute(let position):
          guard let trackID = state.trackID else {
            throw ControlError.couldNotExecute("Could not get track id to set position")
          }
          try await player.setPosition(trackID: trackID, microseconds: position)
        }
      case .volume(let change?):
        guard state.canControl else { return .skipped }
        try await player.setProperty(.volume, to: .double(change.level(from: state.volume ?? 0)))
      case .loop(let setting?):
        guard state.canControl else { return .skipped }
        try await player.setProperty(.loopStatus, to: .string(setting.rawValue))
      case .shuffle(let change?):
        guard state.canControl else { return .skipped }
        try await player.setProperty(.shuffle, to: .bool(change.value(from: state.shuffle ?? false)))
      case .position(nil), .volume(nil), .loop(nil), .shuffle(nil), .status, .metadata:
        // Verbs that print rather than change: nothing to perform.
        return .skipped
      }
      return .done
    } catch let error as ControlError {
      throw error
    } catch let error as ClientError {
      throw .couldNotExecute(error.message)
    } catch {
      throw .couldNotExecute("\(error)")
    }
  }
}

/// `open`'s argument: an existing file becomes its `file://` URI, anything else is passed as it
/// is (playerctl does the same with `g_file_new_for_commandline_arg`).
enum FileURI {
  /// The URI to send for `argument`.
  static func resolve(_ argument: String) -> String {
    guard !argument.contains("://"), access(argument, F_OK) == 0 else { return argument }
    var path = argument
    if !path.hasPrefix("/") {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      if getcwd(&buffer, buffer.count) != nil {
        let directory = String(
          decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        path = directory + "/" + path
      }
    }
    return "file://" + escaped(path)
  }

  /// `path` with every byte outside RFC 3986's unreserved and path characters percent-encoded.
  static func escaped(_ path: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in path.utf8 {
      if allowed.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
