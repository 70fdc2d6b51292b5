/// What a request to add an item to the queue asks for.
///
/// The corresponding MPRIS method is `org.mpris.MediaPlayer2.TrackList.AddTrack`; its `Uri`
/// has a scheme the player lists in `SupportedUriSchemes`.
public struct QueueItemAddition: Sendable, Hashable {
  /// The URI of the item to add.
  public var uri: String
  /// The identifier of the item to add it after; `nil` to add it first.
  public var afterItemID: String?
  /// Whether the new item should play at once.
  public var makeCurrent: Bool

  /// A request to add the item at `uri` after `afterItemID`.
  public init(uri: String, afterItemID: String?, makeCurrent: Bool) {
    self.uri = uri
    self.afterItemID = afterItemID
    self.makeCurrent = makeCurrent
  }
}
