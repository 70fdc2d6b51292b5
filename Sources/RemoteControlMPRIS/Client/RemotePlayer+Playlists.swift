extension RemotePlayer {
  /// The playlists interface, `org.mpris.MediaPlayer2.Playlists`: the player's playlists.
  public static let playlistsInterface = MediaPlayerInterface.playlists.rawValue

  /// A playlist as a controller sees it.
  ///
  /// The corresponding MPRIS type is `Playlist`, the `(oss)` structure
  /// `org.mpris.MediaPlayer2.Playlists` sends.
  public struct Playlist: Sendable, Hashable {
    /// Its id, an object path: what ``RemotePlayer/activatePlaylist(_:)`` takes.
    public var id: String
    /// Its name, to show.
    public var name: String
    /// The URI of its icon; empty for none.
    public var icon: String

    /// A playlist.
    public init(id: String, name: String, icon: String = "") {
      self.id = id
      self.name = name
      self.icon = icon
    }

    /// The playlist an `(oss)` structure describes; `nil` for another value.
    init?(_ value: PropertyValue) {
      guard let fields = value.structureValue, fields.count == 3, let id = fields[0].stringValue,
        let name = fields[1].stringValue, let icon = fields[2].stringValue
      else { return nil }
      self.init(id: id, name: name, icon: icon)
    }
  }

  /// `org.mpris.MediaPlayer2.Playlists.GetPlaylists`: up to `maxCount` playlists from `index`,
  /// ordered by `order` (one of ``playlistOrderings()``: `Alphabetical`, `Created`, `Modified`,
  /// `Played`, `User`), last first when `reversed`.
  public func playlists(
    index: UInt32 = 0, maxCount: UInt32 = 100, order: String = "Alphabetical", reversed: Bool = false
  ) async throws(ClientError) -> [Playlist] {
    let reply = try await call(
      PlaylistsMethod.getPlaylists, [.uint32(index), .uint32(maxCount), .string(order), .bool(reversed)])
    return (reply.first?.arrayValue ?? []).compactMap(Playlist.init)
  }

  /// `org.mpris.MediaPlayer2.Playlists.ActivatePlaylist`: makes the playlist `id` play.
  public func activatePlaylist(_ id: String) async throws(ClientError) {
    try await call(PlaylistsMethod.activatePlaylist, [.objectPath(id)])
  }

  /// `org.mpris.MediaPlayer2.Playlists.ActivePlaylist`: the playlist playing now; `nil` when none
  /// is.
  public func activePlaylist() async throws(ClientError) -> Playlist? {
    let value = try await property(PlaylistsProperty.activePlaylist)
    guard let fields = value.structureValue, fields.count == 2, fields[0].boolValue == true else {
      return nil
    }
    return Playlist(fields[1])
  }

  /// `org.mpris.MediaPlayer2.Playlists.PlaylistCount`.
  public func playlistCount() async throws(ClientError) -> Int {
    Int(try await property(PlaylistsProperty.playlistCount).int64Value ?? 0)
  }

  /// `org.mpris.MediaPlayer2.Playlists.Orderings`: the orders ``playlists(index:maxCount:order:reversed:)``
  /// accepts.
  public func playlistOrderings() async throws(ClientError) -> [String] {
    try await property(PlaylistsProperty.orderings).stringsValue ?? []
  }
}
