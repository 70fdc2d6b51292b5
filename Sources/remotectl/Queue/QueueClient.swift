internal import RemoteControlMPRIS

/// What `tracks`, `goto`, `playlists` and `playlist` read and call: a player's
/// `org.mpris.MediaPlayer2.TrackList` and `org.mpris.MediaPlayer2.Playlists`.
struct QueueClient: Sendable {
  /// `org.mpris.MediaPlayer2.TrackList`.
  static let trackList = MediaPlayerInterface.trackList.rawValue
  /// `org.mpris.MediaPlayer2.Playlists`.
  static let playlists = MediaPlayerInterface.playlists.rawValue

  /// One track of `Tracks`.
  struct Track: Sendable, Equatable {
    /// Its `mpris:trackid`.
    var path: String
    /// Its `xesam:title`, when it has one.
    var title: String?
  }

  /// One playlist of `GetPlaylists`.
  struct Playlist: Sendable, Equatable {
    /// Its `Playlist_Id`.
    var path: String
    /// Its name.
    var name: String
  }

  let player: RemotePlayer

  /// The tracks of `Tracks` with their titles (`GetTracksMetadata`), and the current one's path
  /// (the Player's `mpris:trackid`).
  func tracks() async throws(ControlError) -> (tracks: [Track], current: String?) {
    do {
      guard try await player.property(RootProperty.hasTrackList).boolValue == true
      else { throw ControlError("\(player.identity.instance) has no track list") }
      let paths = try await player.property(TrackListProperty.tracks).stringsValue ?? []
      let reply = try await player.call(
        TrackListMethod.getTracksMetadata, [.array(elementSignature: "o", paths.map { .objectPath($0) })])
      var titles: [String: String] = [:]
      if case .array(_, let entries)? = reply.first {
        for entry in entries {
          guard let metadata = entry.dictionaryValue,
            let path = metadata[MetadataKey.trackID.rawValue]?.unwrapped.stringValue
          else { continue }
          titles[path] = metadata[MetadataKey.title.rawValue]?.unwrapped.stringValue
        }
      }
      // Expected: a queue read without the current track (the player could not say it) lists
      // the tracks unmarked.
      let metadata = try? await player.property(.metadata).dictionaryValue
      let current = metadata?[MetadataKey.trackID.rawValue]?.unwrapped.stringValue
      return (paths.map { Track(path: $0, title: titles[$0]) }, current)
    } catch let error as ControlError {
      throw error
    } catch {
      throw .couldNotExecute("\(error)")
    }
  }

  /// `GoTo` the track `target` names: its 1-based number in `Tracks`, its path, the last element
  /// of its path, or its title (case ignored).
  func goTo(_ target: String) async throws(ControlError) {
    let tracks = try await tracks().tracks
    let track: Track?
    if let number = Int(target) {
      guard tracks.indices.contains(number - 1) else {
        throw ControlError("No track \(number): the track list has \(tracks.count)")
      }
      track = tracks[number - 1]
    } else {
      track = tracks.first { track in
        track.path == target || track.path.split(separator: "/").last.map(String.init) == target
          || track.title?.lowercased() == target.lowercased()
      }
    }
    guard let track else { throw ControlError("No track \(target) in the track list") }
    do {
      try await player.call(TrackListMethod.goTo, [.objectPath(track.path)])
    } catch {
      throw .couldNotExecute(error.message)
    }
  }

  /// Every playlist, in the player's first ordering, and the active one's path.
  func playlists() async throws(ControlError) -> (playlists: [Playlist], active: String?) {
    do {
      let orderings = try await player.property(PlaylistsProperty.orderings).stringsValue ?? []
      let reply = try await player.call(
        PlaylistsMethod.getPlaylists,
        [.uint32(0), .uint32(UInt32.max), .string(orderings.first ?? "User"), .bool(false)])
      var playlists: [Playlist] = []
      if case .array(_, let entries)? = reply.first {
        for case .structure(let fields) in entries where fields.count == 3 {
          guard let path = fields[0].stringValue, let name = fields[1].stringValue else { continue }
          playlists.append(Playlist(path: path, name: name))
        }
      }
      var active: String?
      if case .structure(let fields) = try await player.property(PlaylistsProperty.activePlaylist),
        fields.count == 2, fields[0].boolValue == true, case .structure(let playlist) = fields[1]
      {
        active = playlist.first?.stringValue
      }
      return (playlists, active)
    } catch {
      throw ControlError("\(player.identity.instance) has no playlists: \(error.message)")
    }
  }

  /// `ActivatePlaylist` of the playlist named `name` (case ignored), or with that path.
  func activate(_ name: String) async throws(ControlError) {
    let playlists = try await playlists().playlists
    let wanted = name.lowercased()
    guard let playlist = playlists.first(where: { $0.name.lowercased() == wanted || $0.path == name }) else {
      let names = playlists.map(\.name).joined(separator: ", ")
      throw ControlError("No playlist \(name): the player has \(names)")
    }
    do {
      try await player.call(
        PlaylistsMethod.activatePlaylist, [.objectPath(playlist.path)])
    } catch {
      throw .couldNotExecute(error.message)
    }
  }
}
