/// A browser or program paired with the web remote: it holds a device key and signs its
/// requests with it (a device paired by an earlier version holds a token instead).
package struct Device: Sendable, Hashable {
  /// A short id, for `remotectl devices revoke`.
  package var id: String
  /// A name for people: what the page said, or its browser and system.
  package var name: String
  /// When it paired, in milliseconds since the Unix epoch.
  package var pairedAt: Int64
  /// When it was last seen, in milliseconds since the Unix epoch (0: never since pairing).
  package var lastSeen: Int64

  /// Creates a device.
  package init(id: String, name: String, pairedAt: Int64, lastSeen: Int64) {
    self.id = id
    self.name = name
    self.pairedAt = pairedAt
    self.lastSeen = lastSeen
  }
}
