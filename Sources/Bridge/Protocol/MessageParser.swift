import HubSupport
import RemoteControl
import RemoteControlMPRIS

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a client's text message into a ``ClientMessage``, checking every member as the
/// protocol document says, within the connection's limits.
struct MessageParser: Sendable {
  /// The limits that bound metadata and artwork.
  var limits: BridgeLimits

  /// The message in `text`, or why it is refused.
  func parse(_ text: String) -> ParsedMessage {
    let value: JSONValue
    do {
      value = try JSONValue.parse(text)
    } catch {
      return ParsedMessage(
        result: .failure(ProtocolError(.malformedMessage, "the message is not JSON: \(error.reason)")))
    }
    guard let members = value.objectValue else {
      return ParsedMessage(
        result: .failure(ProtocolError(.malformedMessage, "the message is \(value.kind), not a JSON object")))
    }
    var parsed = ParsedMessage(result: .failure(ProtocolError(.malformedMessage, "")))
    if case .string(let player) = members["player"] { parsed.player = player }
    if let id = members["id"], id != .null {
      if case .string(let text) = id, text.count <= 64 {
        parsed.id = id
      } else if let number = id.doubleValue, number.rounded() == number, abs(number) < 1e15 {
        parsed.id = .integer(Int64(number))
      } else {
        parsed.result = .failure(
          ProtocolError(
            .invalidField, "id: \(id.kind) is not a string of at most 64 characters or an integer"))
        return parsed
      }
    }
    guard case .string(let type) = members["type"] else {
      let found = members["type"].map { "is \($0.kind)" } ?? "is missing"
      parsed.result = .failure(
        ProtocolError(.malformedMessage, "the message's type \(found); it must be a string"))
      return parsed
    }
    do {
      parsed.result = .success(try message(type, Members(type: type, values: members)))
    } catch {
      parsed.result = .failure(error)
    }
    return parsed
  }

  private func message(_ type: String, _ members: Members) throws(ProtocolError) -> ClientMessage {
    switch type {
    case "hello":
      try members.allow(["version", "token", "client"])
      guard let version = try members.integer("version") else { throw members.missing("version") }
      return .hello(
        version: version, token: try members.string("token", length: 1...1024),
        client: try members.string("client", length: 0...128))
    case "register":
      try members.allow(["player", "appId", "identity", "desktopEntry"])
      return .register(
        ClientMessage.Registration(
          player: try members.player(), appID: try members.appID(),
          identity: try members.required(members.string("identity", length: 1...256), "identity"),
          desktopEntry: try members.string("desktopEntry", length: 1...256)))
    case "unregister":
      try members.allow(["player"])
      return .unregister(player: try members.player())
    case "metadata":
      try members.allow(["player", "metadata"])
      let player = try members.player()
      guard let value = members.values["metadata"] else { throw members.missing("metadata") }
      return .metadata(player: player, try metadata(value))
    case "actions":
      try members.allow(["player", "actions"])
      return .actions(player: try members.player(), try actions(members))
    case "positionState":
      try members.allow(["player", "positionState"])
      let player = try members.player()
      guard let value = members.values["positionState"] else { throw members.missing("positionState") }
      return .positionState(player: player, try positionState(value))
    case "playbackState":
      try members.allow(["player", "playbackState"])
      let player = try members.player()
      let state = try members.required(members.string("playbackState", length: 0...16), "playbackState")
      switch state {
      case "none": return .playbackState(player: player, .stopped)
      case "paused": return .playbackState(player: player, .paused)
      case "playing": return .playbackState(player: player, .playing)
      default:
        throw ProtocolError(
          .invalidField, "playbackState: \"\(state)\" is not one of \"none\", \"paused\", \"playing\"")
      }
    case "ping":
      try members.allow([])
      return .ping
    default:
      throw ProtocolError(
        .unknownType,
        "type \"\(type.prefix(64))\" is not a message of version 1 (hello, register, unregister, metadata, "
          + "actions, positionState, playbackState, ping)")
    }
  }

  private func actions(_ members: Members) throws(ProtocolError) -> Set<MediaSessionAction> {
    guard let value = members.values["actions"] else { throw members.missing("actions") }
    guard case .array(let items) = value else {
      throw ProtocolError(.invalidField, "actions: \(value.kind), not an array of action names")
    }
    var actions = Set<MediaSessionAction>()
    for item in items {
      guard case .string(let name) = item else {
        throw ProtocolError(.invalidField, "actions: \(item.kind) in the list, not an action name")
      }
      guard let action = MediaSessionAction(rawValue: name) else {
        throw ProtocolError(
          .unknownAction,
          "actions: \"\(name.prefix(64))\" is not an action the hub can send (play, pause, stop, seekbackward, "
            + "seekforward, seekto, previoustrack, nexttrack)")
      }
      guard actions.insert(action).inserted else {
        throw ProtocolError(.invalidField, "actions: \"\(name)\" is listed twice")
      }
    }
    return actions
  }

  private func positionState(_ value: JSONValue) throws(ProtocolError) -> PositionState? {
    if value == .null { return nil }
    guard let members = value.objectValue else {
      throw ProtocolError(.invalidPositionState, "positionState: \(value.kind), not an object or null")
    }
    if members.isEmpty { return nil }
    let checked = Members(type: "positionState", values: members, prefix: "positionState.")
    try checked.allow(["duration", "playbackRate", "position"])
    let duration: Double?
    switch members["duration"] {
    case nil: throw ProtocolError(.invalidPositionState, "positionState: duration is missing")
    case .null: duration = nil
    case .some(let value):
      guard let seconds = value.doubleValue else {
        throw ProtocolError(
          .invalidPositionState, "positionState: duration is \(value.kind), not a number or null")
      }
      duration = seconds
    }
    let rate = try number(members["playbackRate"], "playbackRate") ?? 1
    let length = try duration.map { seconds throws(ProtocolError) in try time(seconds, "duration") }
    let position = try time(try number(members["position"], "position") ?? 0, "position")
    do {
      return try PositionState(duration: length, playbackRate: rate, position: position)
    } catch {
      throw ProtocolError(.invalidPositionState, "positionState: \(error.message)")
    }
  }

  private func number(_ value: JSONValue?, _ name: String) throws(ProtocolError) -> Double? {
    switch value {
    case nil, .null: return nil
    case .some(let value):
      guard let number = value.doubleValue else {
        throw ProtocolError(.invalidPositionState, "positionState: \(name) is \(value.kind), not a number")
      }
      return number
    }
  }

  /// Seconds as a `Duration` of whole microseconds (MPRIS's unit, rounded to the nearest), refusing
  /// what a `Duration` cannot hold.
  private func time(_ seconds: Double, _ name: String) throws(ProtocolError) -> Duration {
    guard seconds.isFinite, abs(seconds) < 9e12 else {
      throw ProtocolError(.invalidPositionState, "positionState: \(name) \(seconds) s is out of range")
    }
    return Microseconds(seconds: seconds).duration
  }

  private func metadata(_ value: JSONValue) throws(ProtocolError) -> ClientMessage.ItemMetadata? {
    if value == .null { return nil }
    guard let members = value.objectValue else {
      throw ProtocolError(.invalidField, "metadata: \(value.kind), not an object or null")
    }
    let checked = Members(type: "metadata", values: members, prefix: "metadata.")
    try checked.allow(["title", "artist", "album", "artwork", "trackId"])
    let title = try checked.string("title", length: 0...Int.max) ?? ""
    let artist = try checked.string("artist", length: 0...Int.max) ?? ""
    let album = try checked.string("album", length: 0...Int.max) ?? ""
    let bytes = title.utf8.count + artist.utf8.count + album.utf8.count
    guard bytes <= limits.metadataBytes else {
      throw ProtocolError(
        .metadataTooLarge,
        "metadata: title, artist and album take \(bytes) bytes, more than the limit of \(limits.metadataBytes)"
      )
    }
    return ClientMessage.ItemMetadata(
      title: title, artist: artist, album: album, artwork: try artwork(members["artwork"]),
      trackID: try checked.string("trackId", length: 1...256))
  }

  private func artwork(_ value: JSONValue?) throws(ProtocolError) -> ClientMessage.ArtworkSource? {
    let items: [JSONValue]
    switch value {
    case nil, .null: return nil
    case .array(let array): items = array
    case .some(let other):
      throw ProtocolError(.invalidField, "metadata: artwork is \(other.kind), not an array of MediaImage")
    }
    guard items.count <= limits.artworkCount else {
      throw ProtocolError(
        .metadataTooLarge,
        "metadata: artwork lists \(items.count) images, more than the limit of \(limits.artworkCount)")
    }
    var images: [MediaImage] = []
    for item in items {
      guard let object = item.objectValue else {
        throw ProtocolError(
          .invalidField, "metadata: an artwork entry is \(item.kind), not a MediaImage object")
      }
      let members = Members(type: "metadata", values: object, prefix: "metadata.artwork[\(images.count)].")
      try members.allow(["src", "sizes", "type"])
      let source = try members.required(members.string("src", length: 1...Int.max), "src")
      images.append(
        MediaImage(
          source: source, sizes: try members.string("sizes", length: 0...256),
          type: try members.string("type", length: 0...256)))
      // Every entry is checked, not only the one chosen: a bad one is a bug to report.
      _ = try artworkSource(source, index: images.count - 1)
    }
    guard let chosen = MediaImage.preferred(among: images), let index = images.firstIndex(of: chosen) else {
      return nil
    }
    return try artworkSource(chosen.source, index: index)
  }

  private func artworkSource(_ source: String, index: Int) throws(ProtocolError)
    -> ClientMessage.ArtworkSource
  {
    let name = "metadata: metadata.artwork[\(index)].src"
    if source.lowercased().hasPrefix("data:") {
      let decoded: Data
      do throws(DataURL.Failure) {
        decoded = try DataURL.decode(source, limit: limits.artworkBytes)
      } catch {
        switch error {
        case .tooLarge:
          throw ProtocolError(
            .artworkTooLarge,
            "\(name): the data: URL holds more than the limit of \(limits.artworkBytes) bytes")
        case .malformed(let why):
          throw ProtocolError(.invalidField, "\(name): the data: URL does not decode: \(why)")
        }
      }
      return .inline(decoded)
    }
    guard source.count <= 2048 else {
      throw ProtocolError(.artworkTooLarge, "\(name): a URL of \(source.count) characters, over 2048")
    }
    guard let url = URL(string: source), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https",
      url.host != nil
    else {
      throw ProtocolError(
        .invalidField, "\(name): \"\(source.prefix(128))\" is not an absolute http, https or data URL")
    }
    return .remote(url)
  }
}
