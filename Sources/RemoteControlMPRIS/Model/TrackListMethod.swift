/// The methods of `org.mpris.MediaPlayer2.TrackList`, by their MPRIS names.
public enum TrackListMethod: String, Sendable, Hashable, CaseIterable {
  /// `GetTracksMetadata(ao TrackIds) → aa{sv} Metadata`.
  case getTracksMetadata = "GetTracksMetadata"
  /// `AddTrack(s Uri, o AfterTrack, b SetAsCurrent)`: `RemoteCommandKind.addQueueItem`.
  case addTrack = "AddTrack"
  /// `RemoveTrack(o TrackId)`: `RemoteCommandKind.removeQueueItem`.
  case removeTrack = "RemoveTrack"
  /// `GoTo(o TrackId)`: `RemoteCommandKind.goToQueueItem`.
  case goTo = "GoTo"
}
