/// One WebSocket client of the player directory: the messages waiting for it, and why it is
/// closed when it is.
struct Subscriber: Sendable {
  /// Why the directory ended a client's stream.
  enum CloseReason: Sendable, Hashable {
    /// It fell too far behind: it stopped reading.
    case overflow
    /// Its device was revoked.
    case revoked
    /// The hub stops.
    case shutdown
  }

  /// The most messages waiting for one client before it is closed.
  static let maximumBacklog = 1000

  /// The device that opened the socket.
  var deviceID: String
  /// Where its messages go.
  var continuation: AsyncStream<String>.Continuation
}
