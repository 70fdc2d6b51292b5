import DBus

/// A signal from an MPRIS player.
public enum PlayerEvent: Sendable, Hashable {
  /// `org.freedesktop.DBus.Properties.PropertiesChanged`: `changed` holds the new values
  /// (variants unwrapped), `invalidated` the names whose values must be fetched again.
  case propertiesChanged(interface: String, changed: [String: PropertyValue], invalidated: [String])
  /// `org.mpris.MediaPlayer2.Player.Seeked`: the position jumped to this many microseconds.
  case seeked(microseconds: Int64)
}

extension RemotePlayer {
  /// The player's `PropertiesChanged` and `Seeked` signals, as they arrive. Returns once the bus
  /// has installed the match, so nothing sent after this call is missed. Cancelling the
  /// iteration removes the match.
  ///
  /// Every MPRIS player sends from the same object path, so signals are told apart by their
  /// sender: the unique name (`:1.42`) that owns the player's bus name when this is called. When
  /// the player restarts under the same name, call this again. Throws a ``ClientError`` whose
  /// ``ClientError/isPlayerGone`` is true when nobody owns the name.
  public func events() async throws(ClientError) -> AsyncStream<PlayerEvent> {
    try await signals(matching: "path='\(Self.objectPath)'")
  }

  /// The player's `PropertiesChanged` and `Seeked` signals from `/org/mpris/MediaPlayer2` and
  /// from its child objects (such as the extension interface's at
  /// `/org/mpris/MediaPlayer2/RemoteControl`), as they arrive; each `PropertiesChanged` names its
  /// interface. Otherwise as ``events()``.
  public func eventsIncludingChildObjects() async throws(ClientError) -> AsyncStream<PlayerEvent> {
    try await signals(matching: "path_namespace='\(Self.objectPath)'")
  }

  /// The signals of the name's current owner whose path `pathRule` (a match rule's `path` or
  /// `path_namespace` clause) matches, once the bus has installed the match.
  private func signals(matching pathRule: String) async throws(ClientError) -> AsyncStream<PlayerEvent> {
    guard let owner = try await bus.owner(of: identity) else {
      throw ClientError(
        name: "org.freedesktop.DBus.Error.NameHasNoOwner", message: "\(identity.busName) is not on the bus")
    }
    let rule = "type='signal',sender='\(owner)',\(pathRule)"
    let (stream, continuation) = AsyncStream.makeStream(of: PlayerEvent.self)
    do {
      let subscription = try await bus.connection.addMatch(rule: rule) { message in
        guard message.sender?.rawValue == owner, let event = PlayerEvent(message) else { return }
        continuation.yield(event)
      }
      continuation.onTermination = { _ in subscription.cancel() }
    } catch {
      continuation.finish()
      throw ClientError(error)
    }
    return stream
  }
}

extension PlayerEvent {
  /// The event a signal message stands for, or `nil` for other messages.
  init?(_ message: ReceivedMessage) {
    switch (message.interface, message.member) {
    case (StandardInterface.properties, StandardInterface.propertiesChanged):
      let arguments = message.arguments.map(PropertyValue.init)
      guard arguments.count == 3, let interface = arguments[0].stringValue,
        let changed = arguments[1].dictionaryValue
      else { return nil }
      self = .propertiesChanged(
        interface: interface, changed: changed.mapValues(\.unwrapped),
        invalidated: arguments[2].stringsValue ?? [])
    case (RemotePlayer.playerInterface, PlayerSignal.seeked.rawValue):
      guard let position = message.arguments.first.map(PropertyValue.init)?.int64Value else { return nil }
      self = .seeked(microseconds: position)
    default:
      return nil
    }
  }
}
