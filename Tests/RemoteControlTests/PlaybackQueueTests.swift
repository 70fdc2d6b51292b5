import Foundation
import RemoteControl
import Synchronization
import Testing

/// The playback queue and playlists of the core: edits, refusals, and the Now Playing info's
/// queue index and count kept consistent with the queue.
@Suite struct PlaybackQueueTests {
  static func items(_ ids: String...) -> [QueueItem] {
    ids.map { QueueItem(id: $0, info: NowPlayingInfo(title: $0.uppercased())) }
  }

  @Test func itemsKeepTheirIdentifiersAndDuplicatesAreDropped() {
    let queue = PlaybackQueue(items: Self.items("a", "b", "a", "c"), currentItemID: "b")
    #expect(queue.items.map(\.id) == ["a", "b", "c"])
    #expect(queue.items.map(\.info.trackIdentifier) == ["a", "b", "c"])
    #expect(queue.playbackQueueIndex == 1)
    #expect(queue.playbackQueueCount == 3)
    #expect(PlaybackQueue(items: Self.items("a"), currentItemID: "zzz").currentItemID == nil)
  }

  @Test func editsRefuseUnknownAndDuplicateIdentifiersWithoutChangingTheQueue() throws {
    var queue = PlaybackQueue(items: Self.items("a", "b"), currentItemID: "b", canEdit: true)
    let before = queue
    let unknownPrevious = #expect(throws: PlaybackQueueError.self) {
      try queue.insert(QueueItem(id: "n", info: NowPlayingInfo()), after: "x")
    }
    #expect(unknownPrevious?.code == .unknownItem)
    #expect(unknownPrevious?.itemID == "x")
    let duplicate = #expect(throws: PlaybackQueueError.self) {
      try queue.insert(QueueItem(id: "a", info: NowPlayingInfo()), after: nil)
    }
    #expect(duplicate?.code == .duplicateItem)
    #expect(duplicate?.itemID == "a")
    #expect(duplicate?.message == "the queue already has an item \"a\"")
    let unknownRemoved = #expect(throws: PlaybackQueueError.self) { try queue.remove("x") }
    #expect(unknownRemoved?.code == .unknownItem)
    #expect(queue == before)
    #expect(unknownRemoved.map { "\($0)" } == "the queue has no item \"x\"")

    try queue.insert(QueueItem(id: "n", info: NowPlayingInfo()), after: "a")
    try queue.insert(QueueItem(id: "first", info: NowPlayingInfo()), after: nil)
    #expect(queue.items.map(\.id) == ["first", "a", "n", "b"])
    #expect(queue.playbackQueueIndex == 3, "the current item moved with the insertions")
    try queue.remove("b")
    #expect(queue.currentItemID == nil)
  }

  @Test func queueErrorsAreEqualByCodeWhateverTheIdentifier() {
    var queue = PlaybackQueue(items: Self.items("a"), canEdit: true)
    let errors = ["x", "y"].map { id in
      #expect(throws: PlaybackQueueError.self) { try queue.remove(id) }
    }
    let duplicate = #expect(throws: PlaybackQueueError.self) {
      try queue.insert(QueueItem(id: "a", info: NowPlayingInfo()), after: nil)
    }
    #expect(errors[0]?.itemID == "x")
    #expect(errors[1]?.itemID == "y")
    #expect(errors[0] == errors[1], "the identifier and message are for people; the code is the error")
    #expect(errors[0] != duplicate)
    #expect(Set([errors[0], errors[1], duplicate]).count == 2)
  }

  @Test func settingTheQueueKeepsTheNowPlayingIndexAndCountConsistent() {
    let info = NowPlayingInfoCenter()
    let center = PlaybackQueueCenter(nowPlayingInfoCenter: info)
    center.queue = PlaybackQueue(items: Self.items("a", "b", "c"), currentItemID: "b")
    #expect(info.nowPlayingInfo?.title == "B")
    #expect(info.nowPlayingInfo?.playbackQueueIndex == 1)
    #expect(info.nowPlayingInfo?.playbackQueueCount == 3)

    // The app's own info for the item playing stays, with the queue's index and count.
    info.nowPlayingInfo = NowPlayingInfo(trackIdentifier: "b", title: "B, as the app shows it")
    center.queue = PlaybackQueue(items: Self.items("z", "a", "b", "c"), currentItemID: "b")
    #expect(info.nowPlayingInfo?.title == "B, as the app shows it")
    #expect(info.nowPlayingInfo?.playbackQueueIndex == 2)
    #expect(info.nowPlayingInfo?.playbackQueueCount == 4)
  }

  @Test func observersSeeEachChangeOnce() {
    let center = PlaybackQueueCenter(nowPlayingInfoCenter: NowPlayingInfoCenter())
    let seen = Seen()
    center.observe { seen.append($0) }
    center.playlists = PlaylistLibrary(playlists: [Playlist(id: "p", name: "P")])
    center.playlists = PlaylistLibrary(playlists: [Playlist(id: "p", name: "P")])
    center.queue = PlaybackQueue(items: Self.items("a"))
    #expect(seen.count == 2, "setting the same playlists again is no change")
  }

  @Test func playlistsSortByEachOrdering() {
    let day: TimeInterval = 86_400
    let library = PlaylistLibrary(
      playlists: [
        Playlist(id: "1", name: "beta", creationDate: Date(timeIntervalSince1970: 2 * day)),
        Playlist(id: "2", name: "Alpha", creationDate: Date(timeIntervalSince1970: day)),
        Playlist(id: "3", name: "gamma"),
      ],
      orderings: PlaylistOrdering.allCases, activePlaylistID: "9")
    #expect(library.activePlaylistID == nil, "an unknown playlist is not active")
    #expect(library.sorted(by: .userDefined).map(\.id) == ["1", "2", "3"])
    #expect(library.sorted(by: .alphabetical).map(\.id) == ["2", "1", "3"])
    #expect(library.sorted(by: .alphabetical, reversed: true).map(\.id) == ["3", "1", "2"])
    #expect(library.sorted(by: .creationDate).map(\.id) == ["2", "1", "3"], "undated last")
    #expect(
      PlaylistOrdering.allCases.map(\.rawValue) == ["Alphabetical", "Created", "Modified", "Played", "User"])
  }
}

/// Snapshots an observer saw, from any thread.
private final class Seen: Sendable {
  private let snapshots = Mutex<[PlaybackQueueCenter.Snapshot]>([])
  func append(_ snapshot: PlaybackQueueCenter.Snapshot) { snapshots.withLock { $0.append(snapshot) } }
  var count: Int { snapshots.withLock { $0.count } }
}
