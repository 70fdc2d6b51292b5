/// The playlists an app offers, the orders it can list them in, and the one active now.
///
/// MPRIS publishes it as `org.mpris.MediaPlayer2.Playlists` (`PlaylistCount`, `Orderings`,
/// `ActivePlaylist`, `GetPlaylists`).
public struct PlaylistLibrary: Sendable, Hashable {
  /// The playlists, in the app's own order (``PlaylistOrdering/userDefined``); identifiers are
  /// unique (a later duplicate is dropped).
  public private(set) var playlists: [Playlist]
  /// The orders the app supports. MPRIS: `Orderings`.
  public var orderings: [PlaylistOrdering]
  /// The identifier of the playlist playing now; `nil` when none is (or it is not in
  /// ``playlists``). MPRIS: `ActivePlaylist`.
  public var activePlaylistID: String? {
    didSet { if let id = activePlaylistID, playlist(withID: id) == nil { activePlaylistID = nil } }
  }

  /// A library of `playlists`, listed in `orderings`, `activePlaylistID` active when it names
  /// one of them.
  public init(
    playlists: [Playlist], orderings: [PlaylistOrdering] = [.userDefined, .alphabetical],
    activePlaylistID: String? = nil
  ) {
    var seen: Set<String> = []
    self.playlists = playlists.filter { seen.insert($0.id).inserted }
    self.orderings = orderings
    self.activePlaylistID = activePlaylistID.flatMap { id in
      self.playlists.contains { $0.id == id } ? id : nil
    }
  }

  /// The playlist with identifier `id`; `nil` when none has it.
  public func playlist(withID id: String) -> Playlist? { playlists.first { $0.id == id } }

  /// The active playlist.
  public var activePlaylist: Playlist? { activePlaylistID.flatMap(playlist(withID:)) }

  /// The playlists sorted by `ordering` (reversed when `reversed`); playlists without the date
  /// an ordering sorts by come last, in the app's order.
  public func sorted(by ordering: PlaylistOrdering, reversed: Bool = false) -> [Playlist] {
    let sorted: [Playlist]
    switch ordering {
    case .userDefined: sorted = playlists
    case .alphabetical: sorted = playlists.sorted { $0.name.lowercased() < $1.name.lowercased() }
    case .creationDate: sorted = Self.sorted(playlists, by: \.creationDate)
    case .modifiedDate: sorted = Self.sorted(playlists, by: \.modificationDate)
    case .lastPlayDate: sorted = Self.sorted(playlists, by: \.lastPlayDate)
    }
    return reversed ? sorted.reversed() : sorted
  }

  private static func sorted<Key: Comparable>(_ playlists: [Playlist], by key: (Playlist) -> Key?)
    -> [Playlist]
  {
    let dated = playlists.filter { key($0) != nil }
    let undated = playlists.filter { key($0) == nil }
    return dated.sorted { left, right in
      guard let l = key(left), let r = key(right) else { return false }
      return l < r
    } + undated
  }
}
