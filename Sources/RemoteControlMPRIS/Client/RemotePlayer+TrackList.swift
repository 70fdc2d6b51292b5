extension RemotePlayer {
  /// The track list interface, `org.mpris.MediaPlayer2.TrackList`: the player's queue, present
  /// when `HasTrackList` is `true`.
  public static let trackListInterface = MediaPlayerInterface.trackList.rawValue

  /// `org.mpris.MediaPlayer2.TrackList.Tracks`: the track ids (`mpris:trackid` object paths) the
  /// player lists, in order: its whole queue, or the window of it around the current track.
  public func tracks() async throws(ClientError) -> [String] {
    let value = try await property(TrackListProperty.tracks)
    return value.arrayValue?.compactMap(\.stringValue) ?? []
  }

  /// `org.mpris.MediaPlayer2.TrackList.CanEditTracks`: whether ``addTrack(uri:after:setAsCurrent:)``
  /// and ``removeTrack(_:)`` may have an effect.
  public func canEditTracks() async throws(ClientError) -> Bool {
    try await property(TrackListProperty.canEditTracks).boolValue ?? false
  }

  /// `org.mpris.MediaPlayer2.TrackList.GetTracksMetadata`: the metadata of each track id given
  /// that the player knows (variants unwrapped), in the order given.
  public func tracksMetadata(_ trackIDs: [String]) async throws(ClientError) -> [[String: PropertyValue]] {
    let reply = try await call(
      TrackListMethod.getTracksMetadata,
      [.array(elementSignature: "o", trackIDs.map(PropertyValue.objectPath))])
    return (reply.first?.arrayValue ?? []).map { ($0.dictionaryValue ?? [:]).mapValues(\.unwrapped) }
  }

  /// `org.mpris.MediaPlayer2.TrackList.AddTrack`: adds the track at `uri` after the track
  /// `after` (``noTrack`` for the start of the list), playing it when `setAsCurrent`.
  public func addTrack(uri: String, after: String = RemotePlayer.noTrack, setAsCurrent: Bool = false)
    async throws(ClientError)
  {
    try await call(
      TrackListMethod.addTrack, [.string(uri), .objectPath(after), .bool(setAsCurrent)])
  }

  /// `org.mpris.MediaPlayer2.TrackList.RemoveTrack`: removes the track `trackID`.
  public func removeTrack(_ trackID: String) async throws(ClientError) {
    try await call(TrackListMethod.removeTrack, [.objectPath(trackID)])
  }

  /// `org.mpris.MediaPlayer2.TrackList.GoTo`: plays the track `trackID`.
  public func goTo(_ trackID: String) async throws(ClientError) {
    try await call(TrackListMethod.goTo, [.objectPath(trackID)])
  }

  /// `/org/mpris/MediaPlayer2/TrackList/NoTrack`: the track id that names no track (MPRIS's
  /// start of the list, for ``addTrack(uri:after:setAsCurrent:)``).
  public static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"
}
