import RemoteControl
import RemoteControlBackend

extension MediaPlayerModel {
  /// The app's queue; `nil` when it provides none.
  var queue: PlaybackQueue? { application.queue.content.queue }
  /// The app's playlists; `nil` when it provides none.
  var playlists: PlaylistLibrary? { application.queue.content.playlists }

  /// `HasTrackList`, and whether `org.mpris.MediaPlayer2.TrackList` is exported: the app
  /// provides a queue.
  var hasTrackList: Bool { queue != nil }
  /// Whether `org.mpris.MediaPlayer2.Playlists` is exported: the app provides playlists.
  var hasPlaylists: Bool { playlists != nil }

  /// The items `Tracks` lists: the window around the current item (``TrackWindow``).
  var trackWindow: ArraySlice<QueueItem> {
    guard let queue else { return [] }
    return TrackWindow.items(of: queue)
  }

  /// `CanEditTracks`: the queue may be edited, and adding and removing items are both handled
  /// (with `CanControl` true).
  var canEditTracks: Bool {
    guard let queue, configuration.canControl else { return false }
    return queue.canEdit && application.queue.isHandled(.addQueueItem)
      && application.queue.isHandled(.removeQueueItem)
  }

  /// Whether `GoTo` is offered: going to an item is handled (with `CanControl` true).
  var canGoToTrack: Bool { configuration.canControl && application.queue.isHandled(.goToQueueItem) }

  /// Whether `ActivatePlaylist` is offered: activating a playlist is handled (with `CanControl`
  /// true).
  var canActivatePlaylist: Bool {
    configuration.canControl && application.queue.isHandled(.activatePlaylist)
  }

  /// The queue item whose track path is `path`; `nil` when none is.
  func queueItem(atPath path: String) -> QueueItem? {
    queue?.items.first { TrackID(identifier: $0.id).path == path }
  }

  /// The playlist whose path is `path`; `nil` when none is.
  func playlist(atPath path: String) -> Playlist? {
    playlists?.playlists.first { PlaylistPath.path(of: $0) == path }
  }
}

extension MediaPlayerModel {
  /// The interfaces the player exports now: `org.mpris.MediaPlayer2`, `.Player` and the extension
  /// interface always,
  /// `.TrackList` while the app provides a queue, `.Playlists` while it provides playlists.
  var providedInterfaces: Set<MediaPlayerInterface> {
    var interfaces: Set<MediaPlayerInterface> = [.root, .player, .remoteControl]
    if hasTrackList { interfaces.insert(.trackList) }
    if hasPlaylists { interfaces.insert(.playlists) }
    return interfaces
  }
}
