import DBus

extension RemotePlayer {
  /// The player's `PropertiesChanged` and `Seeked` signals from `/org/mpris/MediaPlayer2` and
  /// from its child objects (such as the extension interface's at
  /// `/org/mpris/MediaPlayer2/RemoteControl`), as they arrive; each `PropertiesChanged` names its
  /// interface. Returns once the bus has installed the match, so nothing sent after this call
  /// is missed; cancelling the iteration removes the match.
  ///
  /// Signals are told apart by their sender, as in ``events()``: call this again when the
  /// player restarts under the same name. Throws a ``ClientError`` whose
  /// ``ClientError/isPlayerGone`` is true when nobody owns the name.
  public func eventsIncludingChildObjects() async throws(ClientError) -> AsyncStream<PlayerEvent> {
    guard let owner = try await bus.owner(of: identity) else {
      throw ClientError(
        name: "org.freedesktop.DBus.Error.NameHasNoOwner", message: "\(identity.busName) is not on the bus")
    }
    let rule = "type='signal',sender='\(owner)',path_namespace='\(Self.objectPath)'"
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
