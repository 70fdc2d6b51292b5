/// What one bridge client may do: how many players, how many messages, how large.
///
/// Sent to every client in the `welcome` message; what happens beyond each limit is part of the
/// protocol (the `error` codes `too-many-players`, `rate-limited`, `message-too-large`,
/// `metadata-too-large`, `artwork-too-large` and `artwork-unavailable`).
package struct BridgeLimits: Sendable, Hashable {
  /// Players one connection may register at once.
  package var players: Int
  /// Messages per second a connection may send, on average.
  package var messagesPerSecond: Double
  /// Messages a connection may send at once, above the average.
  package var messageBurst: Int
  /// The largest message, in bytes.
  package var messageBytes: Int
  /// The most UTF-8 bytes of title, artist and album together.
  package var metadataBytes: Int
  /// The most pictures one `metadata` message may offer.
  package var artworkCount: Int
  /// The largest picture, in bytes, decoded.
  package var artworkBytes: Int
  /// How long the hub tries to fetch an `http(s)` picture.
  package var artworkFetchTime: Duration

  /// Creates limits; the defaults are those the protocol document gives.
  package init(
    players: Int = 8,
    messagesPerSecond: Double = 50,
    messageBurst: Int = 100,
    messageBytes: Int = 4 << 20,
    metadataBytes: Int = 16 << 10,
    artworkCount: Int = 16,
    artworkBytes: Int = 2 << 20,
    artworkFetchTime: Duration = .seconds(5)
  ) {
    self.players = players
    self.messagesPerSecond = messagesPerSecond
    self.messageBurst = messageBurst
    self.messageBytes = messageBytes
    self.metadataBytes = metadataBytes
    self.artworkCount = artworkCount
    self.artworkBytes = artworkBytes
    self.artworkFetchTime = artworkFetchTime
  }
}
