import Foundation
import RemoteControl
import RemoteControlMPRIS
import RemoteControlMPRISTesting
import Testing

/// A queue and playlists tested over the bus with the typed client, as a user would: no raw
/// calls taken apart by hand.
@Suite("RemotePlayer: the queue and playlists, typed", .serialized, .timeLimit(.minutes(3)))
struct QueueClientTests {
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9, 8, 7, 6])

  @MainActor
  @Test func tracksTheirMetadataByteArtworkGoToAndPlaylistsReadAndDriveThePlayer() async throws {
    let artwork = FileManager.default.temporaryDirectory.appendingPathComponent(
      "queue-client-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: artwork) }
    let application = Application(nowPlayingInfoCenter: NowPlayingInfoCenter(artworkDirectory: artwork))
    var wentTo: [String] = []
    var activated: [String] = []
    application.commandCenter.goToQueueItemCommand.addTarget { (id: String) in
      wentTo.append(id)
      return .success
    }
    application.commandCenter.activatePlaylistCommand.addTarget { (id: String) in
      activated.append(id)
      return .success
    }
    application.playbackQueueCenter.queue = PlaybackQueue(
      items: [
        QueueItem(id: "one", info: NowPlayingInfo(title: "One", artwork: .data(Self.png))),
        QueueItem(id: "two", info: NowPlayingInfo(title: "Two")),
        QueueItem(id: "three", info: NowPlayingInfo(title: "Three", artwork: .data(Self.png))),
      ],
      currentItemID: "two")
    application.playbackQueueCenter.playlists = PlaylistLibrary(
      playlists: [Playlist(id: "morning", name: "Morning"), Playlist(id: "evening", name: "Evening")],
      orderings: [.alphabetical], activePlaylistID: "morning")
    application.beginReceivingRemoteControlEvents()

    try await withPrivateSessionBus { bus in
      let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
      let client = player.client

      let tracks = try await client.tracks()
      #expect(tracks.count == 3)
      #expect(try await client.canEditTracks() == false)
      let metadata = try await client.tracksMetadata(tracks)
      #expect(metadata.map { $0["xesam:title"]?.stringValue } == ["One", "Two", "Three"])
      #expect(metadata.map { $0["mpris:trackid"]?.stringValue } == tracks)
      let art = metadata.map { $0["mpris:artUrl"]?.stringValue }
      #expect(art[1] == nil)
      let first = try #require(art[0].flatMap(URL.init(string:)))
      #expect(first.isFileURL, "byte artwork is published as a file URL for every item, not only the current")
      #expect(try Data(contentsOf: first) == Self.png)
      #expect(art[2] == art[0], "the same picture is one file")

      try await client.goTo(tracks[2])
      #expect(wentTo == ["three"])

      #expect(try await client.playlistCount() == 2)
      #expect(try await client.playlistOrderings() == ["Alphabetical"])
      let playlists = try await client.playlists()
      #expect(playlists.map(\.name) == ["Evening", "Morning"])
      #expect(try await client.activePlaylist()?.name == "Morning")
      try await client.activatePlaylist(playlists[0].id)
      #expect(activated == ["evening"])
    }
  }
}
