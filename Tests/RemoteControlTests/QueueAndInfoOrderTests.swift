import Foundation
import RemoteControl
import Testing

/// A change of track is the info and the queue's current item: whichever the app sets first, it
/// is one Now Playing update; byte artwork of the queue's items is published too.
@Suite struct QueueAndInfoOrderTests {
  static func item(_ id: String) -> QueueItem {
    QueueItem(id: id, info: NowPlayingInfo(title: "Episode \(id)", artist: "The Podcast"))
  }
  static let items = ["1", "2", "3"].map(item)

  /// An application playing episode 1 of the queue, and the Now Playing updates from then on.
  static func playingTheFirst() -> (
    NowPlayingInfoCenter, PlaybackQueueCenter, SendableLog<NowPlayingSnapshot>
  ) {
    let info = NowPlayingInfoCenter()
    let queue = PlaybackQueueCenter(nowPlayingInfoCenter: info)
    queue.queue = PlaybackQueue(items: items, currentItemID: "1")
    info.nowPlayingInfo = items[0].info
    let updates = SendableLog<NowPlayingSnapshot>()
    info.observe { updates.append($0) }
    return (info, queue, updates)
  }

  @Test func infoThenQueueIsOneUpdate() throws {
    let (info, queue, updates) = Self.playingTheFirst()
    info.nowPlayingInfo = Self.items[1].info
    queue.queue = PlaybackQueue(items: Self.items, currentItemID: "2")

    #expect(updates.values.count == 1)
    let shown = try #require(updates.values.last?.info)
    #expect(shown.title == "Episode 2")
    #expect(
      shown.playbackQueueIndex == 1 && shown.playbackQueueCount == 3, "from the queue, in the same update")
  }

  @Test func queueThenInfoIsOneUpdate() throws {
    let (info, queue, updates) = Self.playingTheFirst()
    queue.queue = PlaybackQueue(items: Self.items, currentItemID: "2")
    info.nowPlayingInfo = Self.items[1].info

    #expect(updates.values.count == 1)
    let shown = try #require(info.nowPlayingInfo)
    #expect(shown.title == "Episode 2")
    #expect(shown.playbackQueueIndex == 1 && shown.playbackQueueCount == 3, "kept when the info comes after")
  }

  @Test func infoTheAppGivesAnIndexForKeepsIt() {
    let (info, _, _) = Self.playingTheFirst()
    var given = Self.items[2].info
    given.playbackQueueIndex = 7
    given.playbackQueueCount = 9
    info.nowPlayingInfo = given
    #expect(info.nowPlayingInfo?.playbackQueueIndex == 7)
    #expect(info.nowPlayingInfo?.playbackQueueCount == 9)
  }

  @Test func infoOfAnItemTheQueueDoesNotHoldGetsNoIndex() {
    let (info, _, _) = Self.playingTheFirst()
    info.nowPlayingInfo = NowPlayingInfo(trackIdentifier: "elsewhere", title: "Live")
    #expect(info.nowPlayingInfo?.playbackQueueIndex == nil)
  }

  @Test func byteArtworkOfEveryQueueItemIsWrittenAndPublishedAsAFileURL() async throws {
    try await withTemporaryDirectory { directory in
      let info = NowPlayingInfoCenter(artworkDirectory: directory)
      let queue = PlaybackQueueCenter(nowPlayingInfoCenter: info)
      let png = ArtworkTests.png
      let url = URL(string: "https://example.com/cover.jpg")!
      queue.queue = PlaybackQueue(
        items: [
          QueueItem(id: "a", info: NowPlayingInfo(title: "A", artwork: .data(png))),
          QueueItem(id: "b", info: NowPlayingInfo(title: "B", artwork: .url(url))),
          QueueItem(id: "c", info: NowPlayingInfo(title: "C", artwork: .data(ArtworkTests.otherPNG))),
          QueueItem(id: "d", info: NowPlayingInfo(title: "D")),
        ],
        currentItemID: "b")

      let urls = queue.snapshot.artworkURLs
      #expect(Set(urls.keys) == ["a", "c"])
      let a = try #require(urls["a"])
      #expect(a.isFileURL)
      #expect(try Data(contentsOf: a) == png)
      #expect(try Data(contentsOf: try #require(urls["c"])) == ArtworkTests.otherPNG)

      // The same pictures again: the same files.
      queue.queue = PlaybackQueue(items: queue.snapshot.queue?.items ?? [], currentItemID: "a")
      #expect(queue.snapshot.artworkURLs == urls)
      #expect(info.snapshot.artworkURL == a, "the current item's artwork is the same file")
    }
  }
}
