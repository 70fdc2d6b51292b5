import RemoteControl

extension Player {
  /// Binaural's two playlists: Sleep (delta and theta) and Focus (alpha, beta and gamma).
  /// Activating one makes its presets the queue.
  static let presetPlaylists: [(playlist: RemoteControl.Playlist, presetIDs: [String])] = [
    (RemoteControl.Playlist(id: "sleep", name: "Sleep"), ["delta-2hz", "theta-6hz"]),
    (RemoteControl.Playlist(id: "focus", name: "Focus"), ["alpha-10hz", "beta-20hz", "gamma-40hz"]),
  ]

  /// Publishes the presets as the queue (the current one playing) and the playlists, with
  /// the active one; called each time a preset is loaded.
  func publishQueue() {
    let center = application.playbackQueueCenter
    let items = playlist.presets.enumerated().map { index, preset in
      QueueItem(id: preset.id, info: info(for: preset, at: index))
    }
    center.queue = PlaybackQueue(items: items, currentItemID: playlist.current.id)
    center.playlists = PlaylistLibrary(
      playlists: Self.presetPlaylists.map(\.playlist), orderings: [.userDefined, .alphabetical],
      activePlaylistID: activePlaylistID)
  }

  /// The Now Playing info of `preset`, at `index` in the queue.
  func info(for preset: BinauralPreset, at index: Int) -> NowPlayingInfo {
    NowPlayingInfo(
      trackIdentifier: preset.id, title: preset.title, artist: "Binaural", albumTitle: "Brainwave presets",
      genre: "Ambient", composer: "Binaural", trackNumber: index + 1, trackCount: playlist.presets.count,
      playbackDuration: preset.duration, mediaType: .audio)
  }

  /// Adds targets to going to a queue item and activating a playlist. The queue is not
  /// editable: its items are the presets.
  func registerQueueTargets() {
    let commands = application.commandCenter
    commands.goToQueueItemCommand.addTarget { [unowned self] (id: String) in
      guard let index = playlist.presets.firstIndex(where: { $0.id == id }) else { return .noSuchContent }
      show(presets: playlist.presets, startingAt: index, activePlaylistID: activePlaylistID)
      return .success
    }
    commands.activatePlaylistCommand.addTarget { [unowned self] (id: String) in
      guard let entry = Self.presetPlaylists.first(where: { $0.playlist.id == id }) else {
        return .noSuchContent
      }
      let presets = entry.presetIDs.compactMap { id in BinauralPreset.standard.first { $0.id == id } }
      guard !presets.isEmpty else { return .noSuchContent }
      show(presets: presets, startingAt: 0, activePlaylistID: id)
      return .success
    }
  }
}
