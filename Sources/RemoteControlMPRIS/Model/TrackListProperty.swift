/// The properties of `org.mpris.MediaPlayer2.TrackList`, by their MPRIS names.
///
/// The player declares each in its track list's property table; controllers read them by these
/// names.
public enum TrackListProperty: String, Sendable, Hashable, CaseIterable {
  /// `Tracks` (`ao`): the track ids of the queue (or its window around the current track);
  /// its changes are announced by invalidation.
  case tracks = "Tracks"
  /// `CanEditTracks` (`b`): whether `AddTrack` and `RemoveTrack` may have an effect.
  case canEditTracks = "CanEditTracks"
}
