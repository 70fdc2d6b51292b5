import Foundation
import RemoteControl
import Testing

@Suite("Artwork")
struct ArtworkTests {
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4])
  static let otherPNG = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 5, 6, 7, 8])

  static let signatures: [(Data, String)] = [
    (png, "png"),
    (Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), "jpg"),
    (Data("GIF89a....".utf8), "gif"),
    (Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "webp"),
    (Data(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8), "svg"),
    (Data([0, 1, 2, 3]), "img"),
    (Data("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), "img"),
  ]

  /// The artwork URLs a center with its cache in `directory` publishes for the bytes `first`, then
  /// for `second`, given with the next info.
  static func artworkURLs(publishing first: Data, then second: Data, in directory: URL) throws -> (URL, URL) {
    let center = NowPlayingInfoCenter(artworkDirectory: directory)
    center.nowPlayingInfo = NowPlayingInfo(title: "A", artwork: .data(first))
    let firstURL = try #require(center.snapshot.artworkURL)
    center.nowPlayingInfo = NowPlayingInfo(title: "B", artwork: .data(second))
    return (firstURL, try #require(center.snapshot.artworkURL))
  }

  @Test func bytesAreWrittenToACacheFileAndPublishedAsAFileURL() async throws {
    try await withTemporaryDirectory { directory in
      let center = NowPlayingInfoCenter(artworkDirectory: directory)
      center.nowPlayingInfo = NowPlayingInfo(title: "A", artwork: .data(Self.png))

      let url = try #require(center.snapshot.artworkURL)
      #expect(url.isFileURL)
      #expect(url.absoluteString.hasPrefix("file:///"))
      #expect(url.deletingLastPathComponent().standardizedFileURL == directory.standardizedFileURL)
      #expect(try Data(contentsOf: url) == Self.png)
      #expect(fileNames(in: directory) == [url.lastPathComponent])
      #expect(center.nowPlayingInfo?.artwork == .data(Self.png))
    }
  }

  @Test func sameBytesTwiceMakeOneFileAndOneURL() async throws {
    try await withTemporaryDirectory { directory in
      let (first, second) = try Self.artworkURLs(publishing: Self.png, then: Self.png, in: directory)
      let otherCenter = NowPlayingInfoCenter(artworkDirectory: directory)
      otherCenter.nowPlayingInfo = NowPlayingInfo(title: "C", artwork: .data(Self.png))

      #expect(first == second)
      #expect(otherCenter.snapshot.artworkURL == first)
      #expect(fileNames(in: directory) == [first.lastPathComponent])
    }
  }

  @Test func existingCacheFileIsNotWrittenAgain() async throws {
    try await withTemporaryDirectory { directory in
      let center = NowPlayingInfoCenter(artworkDirectory: directory)
      center.nowPlayingInfo = NowPlayingInfo(title: "A", artwork: .data(Self.png))
      let url = try #require(center.snapshot.artworkURL)
      try Data("marker".utf8).write(to: url)

      center.nowPlayingInfo = NowPlayingInfo(title: "B", artwork: .data(Self.png))
      #expect(center.snapshot.artworkURL == url)
      #expect(try Data(contentsOf: url) == Data("marker".utf8))
    }
  }

  @Test func differentBytesMakeDifferentFiles() async throws {
    try await withTemporaryDirectory { directory in
      let (first, second) = try Self.artworkURLs(publishing: Self.png, then: Self.otherPNG, in: directory)

      #expect(first != second)
      #expect(fileNames(in: directory) == [first.lastPathComponent, second.lastPathComponent].sorted())
      #expect(try Data(contentsOf: first) == Self.png)
      #expect(try Data(contentsOf: second) == Self.otherPNG)
    }
  }

  @Test func fileIsNamedByContentWhateverTheDirectory() async throws {
    try await withTemporaryDirectory { one in
      try await withTemporaryDirectory { two in
        let a = NowPlayingInfoCenter(artworkDirectory: one)
        let b = NowPlayingInfoCenter(artworkDirectory: two)
        a.nowPlayingInfo = NowPlayingInfo(title: "A", artwork: .data(Self.png))
        b.nowPlayingInfo = NowPlayingInfo(title: "Z", artwork: .data(Self.png))
        let nameA = try #require(a.snapshot.artworkURL).lastPathComponent
        let nameB = try #require(b.snapshot.artworkURL).lastPathComponent
        #expect(nameA == nameB)
        #expect(nameA.hasSuffix("-\(Self.png.count).png"))
      }
    }
  }

  @Test(arguments: signatures)
  func fileExtensionFollowsThePictureFormat(bytes: Data, fileExtension: String) async throws {
    try await withTemporaryDirectory { directory in
      let center = NowPlayingInfoCenter(artworkDirectory: directory)
      center.nowPlayingInfo = NowPlayingInfo(artwork: .data(bytes))
      let url = try #require(center.snapshot.artworkURL)
      #expect(url.pathExtension == fileExtension)
      #expect(try Data(contentsOf: url) == bytes)
    }
  }

  @Test func missingDirectoryIsCreated() async throws {
    try await withTemporaryDirectory { directory in
      let nested = directory.appendingPathComponent("a/b/artwork", isDirectory: true)
      let center = NowPlayingInfoCenter(artworkDirectory: nested)
      center.nowPlayingInfo = NowPlayingInfo(artwork: .data(Self.png))
      let url = try #require(center.snapshot.artworkURL)
      #expect(try Data(contentsOf: url) == Self.png)
      #expect(fileNames(in: nested).count == 1)
    }
  }

  @Test(
    arguments: [
      URL(string: "https://example.com/covers/1.jpg")!,
      URL(fileURLWithPath: "/usr/share/pixmaps/cover.png"),
    ])
  func urlArtworkIsPublishedAsItIsAndNothingIsWritten(url: URL) async {
    await withTemporaryDirectory { directory in
      let center = NowPlayingInfoCenter(artworkDirectory: directory)
      center.nowPlayingInfo = NowPlayingInfo(artwork: .url(url))
      #expect(center.snapshot.artworkURL == url)
      #expect(fileNames(in: directory) == [])
    }
  }

  @Test func infoWithoutArtworkPublishesNone() async {
    await withTemporaryDirectory { directory in
      let center = NowPlayingInfoCenter(artworkDirectory: directory)
      center.nowPlayingInfo = NowPlayingInfo(artwork: .data(Self.png))
      center.nowPlayingInfo = NowPlayingInfo(title: "No picture")
      #expect(center.snapshot.artworkURL == nil)
      center.nowPlayingInfo = NowPlayingInfo(artwork: .data(Self.png))
      center.nowPlayingInfo = nil
      #expect(center.snapshot.artworkURL == nil)
    }
  }

  @Test func artworkThatCannotBeWrittenIsNotPublishedButTheInfoIsAndTheSnapshotSaysWhy() async throws {
    try await withTemporaryDirectory { directory in
      let blocker = directory.appendingPathComponent("not-a-directory")
      try Data("x".utf8).write(to: blocker)
      let cache = blocker.appendingPathComponent("artwork", isDirectory: true)
      let center = NowPlayingInfoCenter(artworkDirectory: cache)
      let seen = SendableLog<ArtworkError?>()
      center.observe { seen.append($0.artworkError) }

      center.nowPlayingInfo = NowPlayingInfo(title: "Still shown", artwork: .data(Self.png))
      #expect(center.nowPlayingInfo?.title == "Still shown")
      #expect(center.snapshot.artworkURL == nil)
      let error = try #require(center.snapshot.artworkError)
      #expect(error.code == .notWritten)
      #expect(error.file.deletingLastPathComponent().standardizedFileURL == cache.standardizedFileURL)
      #expect(error.file.pathExtension == "png")
      #expect(error.description.hasPrefix("artwork not written to \(error.file.path): "), "\(error)")
      #expect(seen.values == [error])

      // The same through setNowPlaying; and once the cache can be written, the error goes.
      center.setNowPlaying(NowPlayingInfo(title: "Again", artwork: .data(Self.png)), playbackState: .paused)
      #expect(center.snapshot.artworkError == error)
      try FileManager.default.removeItem(at: blocker)
      center.nowPlayingInfo = NowPlayingInfo(title: "Written", artwork: .data(Self.png))
      #expect(center.snapshot.artworkError == nil)
      #expect(center.snapshot.artworkURL == error.file)
    }
  }

  @Test func artworkGivenAsAURLOrNoneHasNoError() async throws {
    try await withTemporaryDirectory { directory in
      let blocker = directory.appendingPathComponent("not-a-directory")
      try Data("x".utf8).write(to: blocker)
      let center = NowPlayingInfoCenter(artworkDirectory: blocker.appendingPathComponent("artwork"))
      center.nowPlayingInfo = NowPlayingInfo(artwork: .url(URL(fileURLWithPath: "/usr/share/pixmaps/a.png")))
      #expect(center.snapshot.artworkError == nil)
      center.nowPlayingInfo = NowPlayingInfo(title: "No picture")
      #expect(center.snapshot.artworkError == nil)
    }
  }

  @Test func queueItemArtworkThatCannotBeWrittenIsNamedByItem() async throws {
    try await withTemporaryDirectory { directory in
      let blocker = directory.appendingPathComponent("not-a-directory")
      try Data("x".utf8).write(to: blocker)
      let center = NowPlayingInfoCenter(artworkDirectory: blocker.appendingPathComponent("artwork"))
      let queueCenter = PlaybackQueueCenter(nowPlayingInfoCenter: center)
      queueCenter.queue = PlaybackQueue(items: [
        QueueItem(id: "bytes", info: NowPlayingInfo(title: "Bytes", artwork: .data(Self.png))),
        QueueItem(
          id: "url",
          info: NowPlayingInfo(title: "URL", artwork: .url(URL(string: "https://example.com/a.png")!))),
        QueueItem(id: "none", info: NowPlayingInfo(title: "None")),
      ])
      let snapshot = queueCenter.snapshot
      #expect(snapshot.artworkURLs.isEmpty)
      #expect(snapshot.artworkErrors.keys.sorted() == ["bytes"])
      #expect(snapshot.artworkErrors["bytes"]?.code == .notWritten)

      // Set again once the cache can be written: the item's artwork is written and the error goes.
      try FileManager.default.removeItem(at: blocker)
      queueCenter.queue = PlaybackQueue(items: snapshot.queue?.items ?? [])
      #expect(queueCenter.snapshot.artworkErrors.isEmpty)
      #expect(queueCenter.snapshot.artworkURLs["bytes"] == snapshot.artworkErrors["bytes"]?.file)
    }
  }

  @Test func newArtworkIsReportedToObservers() async throws {
    try await withTemporaryDirectory { directory in
      let center = NowPlayingInfoCenter(artworkDirectory: directory)
      let urls = SendableLog<URL?>()
      center.observe { urls.append($0.artworkURL) }
      center.nowPlayingInfo = NowPlayingInfo(artwork: .data(Self.png))
      center.nowPlayingInfo = NowPlayingInfo(artwork: .data(Self.png))
      let url = try #require(center.snapshot.artworkURL)
      #expect(urls.values == [url])
    }
  }
}
