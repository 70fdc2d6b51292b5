import BusTestSupport
import DBus
import Foundation
import InMemoryLogging
import Logging
import RemoteControl
import Testing

@testable import RemoteControlMPRIS

/// What goes wrong with no caller to tell is logged where the player logs, not dropped: an
/// interface the application provides that cannot be exported, artwork that cannot be cached.
@Suite(.leavesNoChildProcesses) struct FailureLoggingTests {
  static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4])

  @Test @MainActor func aTrackListThatCannotBeExportedIsLoggedAndTriedAgainAtTheNextChange() async throws {
    let bus = try await PrivateBus.start()
    let connection = try await Connection.connect(.address(bus.address))
    let handler = InMemoryLogHandler()
    // Another TrackList at the MPRIS path of the same connection: the player's own cannot be
    // exported beside it.
    let blocker = try await connection.export(
      Interface(
        name: QueueTests.trackList,
        properties: [.init("Blocker", "s", change: .emitsChange) { .string("in the way") }]),
      at: PropertyPublisher.path)
    let application = Application()
    let session = MediaPlayerSession.start(
      application: application,
      configuration: MediaPlayerConfiguration(
        playerName: "blocked", identity: "Blocked", bus: .address(bus.address)),
      connection: connection, logger: Logger(label: "blocked") { _ in handler })
    defer {
      session.stop()
      connection.close()
    }
    try await session.export()

    application.playbackQueueCenter.queue = QueueTests.queue(count: 2, current: 0)
    let logged = try await Self.firstError(in: handler)
    let reason = logged.metadata["error"].map { "\($0)" } ?? ""
    #expect(reason.contains("org.mpris.MediaPlayer2.TrackList could not be exported"), "\(reason)")
    #expect(reason.contains("already exported"), "\(reason)")

    // Once the way is clear, the next change of queue exports the player's TrackList.
    blocker.cancel()
    application.playbackQueueCenter.queue = QueueTests.queue(count: 3, current: 1)
    let owner = connection.uniqueName.rawValue
    let properties = try await Self.trackListProperties(on: bus, of: owner)
    #expect(properties.contains("item2"), "\(properties)")
    #expect(handler.entries.filter(Self.isExportFailure).count == 1, "\(handler.entries)")
    await bus.stop()
  }

  /// Whether `entry` is the error of an interface not exported. (The blocker's own TrackList,
  /// which lacks the player's properties, makes PropertiesChanged fail as well; that is logged too.)
  static func isExportFailure(_ entry: InMemoryLogHandler.Entry) -> Bool {
    entry.level == .error && "\(entry.message)".contains("could not export")
  }

  /// The first export failure logged to `handler`, once there is one, at most 10 s.
  static func firstError(in handler: InMemoryLogHandler) async throws -> InMemoryLogHandler.Entry {
    try await eventually("an export failure logged") { handler.entries.first(where: isExportFailure) }
  }

  /// The properties of the TrackList at `owner` (busctl's text), once it has `Tracks`, at most 10 s.
  static func trackListProperties(on bus: PrivateBus, of owner: String) async throws -> String {
    try await eventually("the player's TrackList exported") { () async throws -> String? in
      let result = try await bus.busctl(
        "call", owner, "/org/mpris/MediaPlayer2", "org.freedesktop.DBus.Properties", "GetAll", "s",
        QueueTests.trackList)
      return result.succeeded && result.output.contains("Tracks") ? result.output : nil
    }
  }

  @Test @MainActor func artworkThatCannotBeWrittenIsLoggedOnceAndPublishedWithout() async throws {
    let handler = InMemoryLogHandler()
    try await withPlayer(logger: Logger(label: "artwork") { _ in handler }) {
      (player: TestPlayer) async throws in
      // The test player's artwork cache is <bus directory>/artwork: a file there leaves no
      // directory to write in.
      let cache = player.bus.directory.appendingPathComponent("artwork")
      try Data("not a directory".utf8).write(to: cache)
      let center = player.application.nowPlayingInfoCenter
      center.nowPlayingInfo = NowPlayingInfo(title: "No picture", artwork: .data(Self.png))
      center.playbackState = .playing

      let warnings = handler.entries.filter { $0.level == .warning }
      #expect(warnings.count == 1, "\(handler.entries)")
      let warning = try #require(warnings.first)
      #expect("\(warning.message)".contains("Now Playing artwork could not be written"), "\(warning)")
      #expect(warning.metadata["file"].map { "\($0)" }?.hasPrefix(cache.path + "/") == true, "\(warning)")
      #expect(warning.metadata["item"] == nil)
      let metadata = try await player.playerctl("metadata")
      #expect(metadata.output.contains("No picture"), "\(metadata)")
      #expect(!metadata.output.contains("artUrl"), "\(metadata)")

      player.application.playbackQueueCenter.queue = PlaybackQueue(items: [
        QueueItem(id: "cover", info: NowPlayingInfo(title: "Cover", artwork: .data(Self.png)))
      ])
      let queueWarnings = handler.entries.filter { $0.level == .warning && $0.metadata["item"] != nil }
      #expect(queueWarnings.count == 1, "\(handler.entries)")
      #expect(queueWarnings.first?.metadata["item"] == "cover")
    }
  }
}
