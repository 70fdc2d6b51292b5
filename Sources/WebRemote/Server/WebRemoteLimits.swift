/// The limits the web remote holds every client to.
enum WebRemoteLimits {
  /// The largest request body and WebSocket frame or message: 64 KiB.
  static let maximumBody = 64 << 10
  /// How many messages one socket may send within ``floodWindow``.
  static let maximumMessages = 100
  /// The window messages are counted in.
  static let floodWindow = Duration.seconds(10)
  /// How many commands of one socket may await their acknowledgement at once.
  static let maximumPendingCommands = 16
  /// The longest client command id.
  static let maximumCommandID = 64
}
