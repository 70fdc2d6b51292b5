import BusTestSupport
import Foundation
import HubSupport
import RemoteControl
import RemoteControlMPRIS
import Testing

/// An application's queue as `org.mpris.MediaPlayer2.TrackList`: exported only when provided,
/// the window of a long queue, editing, and bad input.
@Suite(.leavesNoChildProcesses) struct QueueTests {
  static let trackList = "org.mpris.MediaPlayer2.TrackList"
  static let prefix = "/org/swift_remote_control/track/"

  /// A queue of `count` items `item0`, `item1`…, `current` playing.
  static func queue(count: Int, current: Int?, canEdit: Bool = false) -> PlaybackQueue {
    PlaybackQueue(
      items: (0..<count).map { QueueItem(id: "item\($0)", info: NowPlayingInfo(title: "Item \($0)")) },
      currentItemID: current.map { "item\($0)" }, canEdit: canEdit)
  }

  /// The paths `Tracks` lists, read with busctl.
  @MainActor static func tracks(_ player: TestPlayer) async throws -> [String] {
    try await tracks(on: player.bus, of: player.busName)
  }

  /// The paths `Tracks` lists at `name`, read with busctl; throws while it is not exported.
  static func tracks(on bus: PrivateBus, of name: String) async throws -> [String] {
    let result = try await bus.run(
      "busctl", "--user", "get-property", name, "/org/mpris/MediaPlayer2", trackList, "Tracks")
    guard result.succeeded else { throw TestFailure("\(result)") }
    return result.trimmed.split(separator: " ").dropFirst(2).map { $0.trimmingCharacters(in: ["\""]) }
  }

  /// `Tracks` once the TrackList is exported, at most 10 s.
  static func exportedTracks(on bus: PrivateBus, of name: String) async throws -> [String] {
    try await eventually("the TrackList of \(name) exported") { try? await tracks(on: bus, of: name) }
  }

  /// Returns once `interface` answers at `name`, at most 10 s.
  static func waitUntilExported(_ interface: String, on bus: PrivateBus, of name: String) async throws {
    try await eventually("\(interface) exported by \(name)") {
      try await bus.run(
        "busctl", "--user", "call", name, "/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Properties",
        "GetAll", "s", interface
      ).succeeded
    }
  }

  @MainActor static func call(_ player: TestPlayer, _ method: String, _ arguments: String...) async throws
    -> ClientResult
  {
    try await player.bus.run(
      "busctl", ["--user", "call", player.busName, "/org/mpris/MediaPlayer2", trackList, method] + arguments)
  }

  @Test @MainActor func withoutAQueueThereIsNoTrackListUntilTheAppProvidesOne() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      #expect(try await player.busctlGet("HasTrackList", interface: "org.mpris.MediaPlayer2") == "b false")
      let before = try await player.bus.run(
        "busctl", "--user", "introspect", player.busName, "/org/mpris/MediaPlayer2")
      #expect(!before.output.contains(Self.trackList), "\(before.output)")
      #expect(!before.output.contains("org.mpris.MediaPlayer2.Playlists"))

      let monitor = try await player.bus.startSignalMonitor()
      defer { Task { await monitor.stop() } }
      player.application.playbackQueueCenter.queue = Self.queue(count: 3, current: 1)
      let change = try await monitor.next { $0.isRootChange }
      #expect(change.changed?["HasTrackList"] == TypedValue(type: "b", value: .bool(true)))
      let bus = player.bus
      let name = player.busName
      let tracks = try await Self.exportedTracks(on: bus, of: name)
      #expect(tracks == (0..<3).map { Self.prefix + "item\($0)" })
      #expect(player.application.nowPlayingInfoCenter.nowPlayingInfo?.playbackQueueIndex == 1)
      #expect(player.application.nowPlayingInfoCenter.nowPlayingInfo?.playbackQueueCount == 3)
      #expect(try await player.playerctl("metadata", "xesam:title").trimmed == "Item 1")
    }
  }

  @Test @MainActor func aQueueOf1000ItemsIsListedAsAWindowOf100AroundTheCurrentItem() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      let center = player.application.playbackQueueCenter
      center.queue = Self.queue(count: 1000, current: 500)
      let bus = player.bus
      let name = player.busName
      let middle = try await Self.exportedTracks(on: bus, of: name)
      #expect(middle == (451..<551).map { Self.prefix + "item\($0)" }, "49 before the current item, 50 after")
      let monitor = try await QueueSignalMonitor.start(on: player.bus)
      defer { Task { await monitor.stop() } }
      center.queue = Self.queue(count: 1000, current: 999)
      let replaced = try #require(try await monitor.records { $0.member == "TrackListReplaced" }.last)
      #expect(replaced.decodedArguments.first as? [String] == (900..<1000).map { Self.prefix + "item\($0)" })
      #expect(replaced.decodedArguments.last as? String == Self.prefix + "item999")
      center.queue = Self.queue(count: 1000, current: 3)
      _ = try await monitor.records { $0.member == "TrackListReplaced" }
      #expect(try await Self.tracks(player) == (0..<100).map { Self.prefix + "item\($0)" })
      // Items outside the window are still known to GetTracksMetadata.
      let far = try await Self.call(player, "GetTracksMetadata", "ao", "1", Self.prefix + "item777")
      #expect(far.trimmed.contains(#""xesam:title" s "Item 777""#), "\(far)")
    }
  }

  /// An application whose queue (10 items, `item0`… with `item2` playing) may be edited, and
  /// whose add, remove and go-to targets edit it.
  @MainActor static func editable(_ application: Application) {
    let center = application.playbackQueueCenter
    center.queue = queue(count: 10, current: 2, canEdit: true)
    let commands = application.commandCenter
    commands.addQueueItemCommand.addTarget { (addition: QueueItemAddition) in
      guard var queue = center.queue else { return .commandFailed }
      let item = QueueItem(id: addition.uri, info: NowPlayingInfo(title: addition.uri))
      do { try queue.insert(item, after: addition.afterItemID) } catch { return .commandFailed }
      if addition.makeCurrent { queue.currentItemID = item.id }
      center.queue = queue
      return .success
    }
    commands.removeQueueItemCommand.addTarget { (id: String) in
      guard var queue = center.queue, (try? queue.remove(id)) != nil else { return .noSuchContent }
      center.queue = queue
      return .success
    }
    commands.goToQueueItemCommand.addTarget { (id: String) in
      center.queue?.currentItemID = id
      return .success
    }
  }

  @Test @MainActor func addingAndRemovingTracksAnnouncesEachOnce() async throws {
    try await withPlayer(configure: { $0.supportedURISchemes = ["file"] }, setUp: Self.editable) {
      (player: TestPlayer) async throws in
      #expect(try await player.busctlGet("CanEditTracks", interface: Self.trackList) == "b true")
      let monitor = try await QueueSignalMonitor.start(on: player.bus)
      defer { Task { await monitor.stop() } }

      let add = try await Self.call(
        player, "AddTrack", "sob", "file:///new.ogg", Self.prefix + "item4", "false")
      #expect(add.succeeded, "\(add)")
      #expect(
        try await player.nextCommand()
          == .addQueueItem(.init(uri: "file:///new.ogg", afterItemID: "item4", makeCurrent: false)))
      let added = try await monitor.records { $0.member == "TrackAdded" }
      #expect(
        added.map(\.description) == [
          "\(Self.trackList).PropertiesChanged([], [\"Tracks\"])", "\(Self.trackList).TrackAdded([], [])",
        ])
      let arguments = try #require(added.last).decodedArguments
      let metadata = try #require(arguments.first as? [String: Any])
      #expect(metadata["xesam:title"] as? String == "file:///new.ogg")
      #expect(arguments.last as? String == Self.prefix + "item4")
      #expect(try await Self.tracks(player)[5] == Self.prefix + "file_3a_2f_2f_2fnew_2eogg")

      let first = try await Self.call(
        player, "AddTrack", "sob", "file:///first.ogg", "/org/mpris/MediaPlayer2/TrackList/NoTrack", "false")
      #expect(first.succeeded, "\(first)")
      _ = try await player.nextCommand()
      let atStart = try #require(try await monitor.records { $0.member == "TrackAdded" }.last)
      #expect(atStart.decodedArguments.last as? String == "/org/mpris/MediaPlayer2/TrackList/NoTrack")

      let remove = try await Self.call(player, "RemoveTrack", "o", Self.prefix + "item7")
      #expect(remove.succeeded, "\(remove)")
      #expect(try await player.nextCommand() == .removeQueueItem("item7"))
      let removed = try #require(try await monitor.records { $0.member == "TrackRemoved" }.last)
      #expect(removed.decodedArguments as? [String] == [Self.prefix + "item7"])
      #expect(try await Self.tracks(player).count == 11)
    }
  }

  @Test @MainActor func badEditsGetAnErrorNamingTheProblemAndChangeNothing() async throws {
    try await withPlayer(configure: { $0.supportedURISchemes = ["file"] }, setUp: Self.editable) {
      (player: TestPlayer) async throws in
      let before = try await Self.tracks(player)
      let cases: [(arguments: [String], error: String)] = [
        (["GoTo", "o", "/no/such"], "cannot go to /no/such: it is not a track of the track list"),
        (["RemoveTrack", "o", "/no/such"], "cannot remove /no/such: it is not a track of the track list"),
        (
          ["AddTrack", "sob", "not a uri", Self.prefix + "item1", "false"],
          "cannot add \"not a uri\": it is not a URI"
        ),
        (
          ["AddTrack", "sob", "file:", Self.prefix + "item1", "false"],
          "cannot add \"file:\": it is not a URI"
        ),
        (
          ["AddTrack", "sob", "gopher://x", Self.prefix + "item1", "false"],
          "its scheme is not one of SupportedUriSchemes"
        ),
        (
          ["AddTrack", "sob", "file:///a.ogg", "/no/such", "false"],
          "cannot add after /no/such: it is not a track"
        ),
      ]
      for (arguments, error) in cases {
        let result = try await player.bus.run(
          "busctl", ["--user", "call", player.busName, "/org/mpris/MediaPlayer2", Self.trackList] + arguments)
        #expect(!result.succeeded, "\(arguments) succeeded")
        #expect(result.error.contains(error), "\(arguments): \(result.error)")
      }
      #expect(try await Self.tracks(player) == before)
      // The player keeps serving, and none of the bad calls reached the application.
      let goTo = try await Self.call(player, "GoTo", "o", Self.prefix + "item5")
      #expect(goTo.succeeded, "\(goTo)")
      #expect(try await player.nextCommand() == .goToQueueItem("item5"))
    }
  }

  @Test @MainActor func editingIsOfferedOnlyWhenAddingAndRemovingAreHandled() async throws {
    try await withPlayer(configure: { $0.supportedURISchemes = ["file"] }, setUp: Self.editable) {
      (player: TestPlayer) async throws in
      #expect(try await player.busctlGet("CanEditTracks", interface: Self.trackList) == "b true")
      let monitor = try await player.bus.startSignalMonitor()
      defer { Task { await monitor.stop() } }
      player.application.commandCenter.removeQueueItemCommand.removeAllTargets()
      _ = try await monitor.next {
        $0.interface == Self.trackList && ($0.changed ?? [:])["CanEditTracks"] != nil
      }
      #expect(try await player.busctlGet("CanEditTracks", interface: Self.trackList) == "b false")
      // RemoveTrack then does nothing, as the spec says.
      let before = try await Self.tracks(player)
      #expect(try await Self.call(player, "RemoveTrack", "o", Self.prefix + "item1").succeeded)
      #expect(try await Self.tracks(player) == before)
    }
  }

  @Test @MainActor func infoAndPlaylistChangesAreSignalledAndAWithdrawnQueueIsEmpty() async throws {
    try await withPlayer(setUp: Fixtures.acceptEverything) { (player: TestPlayer) async throws in
      let center = player.application.playbackQueueCenter
      center.queue = Self.queue(count: 3, current: 0)
      center.playlists = PlaylistLibrary(playlists: [
        Playlist(id: "p", name: "Old"), Playlist(id: "q", name: "Q"),
      ])
      let bus = player.bus
      let name = player.busName
      _ = try await Self.exportedTracks(on: bus, of: name)
      try await Self.waitUntilExported("org.mpris.MediaPlayer2.Playlists", on: bus, of: name)
      let monitor = try await QueueSignalMonitor.start(on: bus)
      defer { Task { await monitor.stop() } }

      var queue = Self.queue(count: 3, current: 0)
      queue = PlaybackQueue(
        items: queue.items.map { item in
          item.id == "item1" ? QueueItem(id: "item1", info: NowPlayingInfo(title: "Renamed")) : item
        }, currentItemID: "item0")
      center.queue = queue
      let changed = try #require(try await monitor.records { $0.member == "TrackMetadataChanged" }.last)
      #expect(changed.decodedArguments.first as? String == Self.prefix + "item1")
      #expect((changed.decodedArguments.last as? [String: Any])?["xesam:title"] as? String == "Renamed")

      center.playlists = PlaylistLibrary(
        playlists: [Playlist(id: "p", name: "New"), Playlist(id: "q", name: "Q")], activePlaylistID: "q")
      let records = try await monitor.records { $0.member == "PlaylistChanged" }
      #expect(
        records.contains {
          $0.interface == "org.mpris.MediaPlayer2.Playlists" && $0.changed == ["ActivePlaylist"]
        },
        "\(records)")
      let playlist = try #require(records.last).decodedArguments.first as? [String]
      #expect(playlist == ["/org/swift_remote_control/playlist/p", "New", ""])

      center.queue = nil
      _ = try await monitor.records { ($0.changed ?? []).contains("HasTrackList") }
      #expect(try await Self.tracks(player) == [], "a withdrawn queue leaves the TrackList empty")
    }
  }
}
