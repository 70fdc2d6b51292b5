/// A browser or program paired with the web remote: it holds a device token, which the hub
/// keeps only as a SHA-256 digest.
public struct Device: Sendable, Hashable {
  /// A short id, for `remotectl devices revoke`.
  public var id: String
  /// A name for people: what the page said, or its browser and system.
  public var name: String
  /// When it paired, in milliseconds since the Unix epoch.
  public var pairedAt: Int64
  /// When it was last seen, in milliseconds since the Unix epoch (0: never since pairing).
  public var lastSeen: Int64

  /// Creates a device.
  public init(id: String, name: String, pairedAt: Int64, lastSeen: Int64) {
    self.id = id
    self.name = name
    self.pairedAt = pairedAt
    self.lastSeen = lastSeen
  }
}
