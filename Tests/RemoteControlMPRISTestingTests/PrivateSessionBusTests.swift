import Foundation
import RemoteControl
import RemoteControlMPRIS
import RemoteControlMPRISTesting
import Testing

/// The testing product, used exactly as a user would: no internal test support.
@Suite("RemoteControlMPRISTesting: a user's player on a private bus", .serialized)
struct PrivateSessionBusTests {
  @MainActor
  @Test("Play through the client runs the application's play target, over the bus")
  func playReachesTheTarget() async throws {
    let application = Application()
    var plays: [RemoteControlEvent.Source] = []
    application.commandCenter.playCommand.addTarget { event in
      plays.append(event.source)
      return .success
    }
    application.beginReceivingRemoteControlEvents()

    try await withPrivateSessionBus { bus in
      let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
      #expect(player.identity.busName == "org.mpris.MediaPlayer2.podcasts")
      try await player.client.play()
      #expect(plays == [.mpris(sender: player.bus.uniqueName)])
    }
  }

  @MainActor
  @Test("A handler's failure reaches the client as an error; the player's state reads back")
  func failureAndStateReachTheClient() async throws {
    let application = Application()
    application.commandCenter.nextTrackCommand.addTarget { _ in .noSuchContent }
    application.nowPlayingInfoCenter.nowPlayingInfo = NowPlayingInfo(title: "Episode 1")
    application.beginReceivingRemoteControlEvents()

    try await withPrivateSessionBus { bus in
      let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
      await #expect(throws: ClientError.self) { try await player.client.next() }
      #expect(try await player.client.state().title == "Episode 1")
    }
  }

  @Test("Stopping the bus releases the player's name, ends the daemon and removes its folder")
  func stopCleansUp() async throws {
    let bus = try await PrivateSessionBus.start()
    let application = await Application()
    let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
    let watcher = try await bus.connect()
    #expect(try await watcher.owner(of: player.identity) != nil)

    await player.stop()
    #expect(try await watcher.owner(of: player.identity) == nil, "the name is released by stop()")
    watcher.close()

    let socket = bus.directory.appendingPathComponent("bus").path
    #expect(FileManager.default.fileExists(atPath: socket))
    await bus.stop()
    #expect(!FileManager.default.fileExists(atPath: bus.directory.path))
    await #expect(throws: ClientError.self) { _ = try await bus.connect() }
  }

  /// Whether a process whose command line names `text` runs (zombies aside).
  static func processRuns(naming text: String) -> Bool {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.contains { entry in
      guard Int32(entry) != nil,
        let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8),
        !status.contains("State:\tZ"),
        let commandLine = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
      else { return false }
      return String(decoding: commandLine, as: UTF8.self).contains(text)
    }
  }

  @Test("A bus dropped without stop() ends its daemon and removes its folder all the same")
  func droppedBusEndsItsDaemon() async throws {
    var bus: PrivateSessionBus? = try await PrivateSessionBus.start()
    let directory = try #require(bus?.directory)
    let socket = "--address=unix:path=\(directory.path)/bus"
    #expect(Self.processRuns(naming: socket))
    bus = nil
    #expect(!FileManager.default.fileExists(atPath: directory.path))
    // The daemon ends a moment after the deinitialiser told it to: poll that, bounded.
    var runs = true
    for _ in 0..<100 where runs {
      runs = Self.processRuns(naming: socket)
      if runs { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(!runs, "dbus-daemon \(socket) still runs 5 s after its bus was dropped")
  }

  @Test("Two buses are independent: the same player name on each")
  func busesAreIndependent() async throws {
    try await withPrivateSessionBus { first in
      try await withPrivateSessionBus { second in
        #expect(first.address != second.address)
        let one = try await first.runAsMediaPlayer(await Application(), name: "podcasts", identity: "One")
        let two = try await second.runAsMediaPlayer(await Application(), name: "podcasts", identity: "Two")
        #expect(one.identity == two.identity, "neither had to fall back to an .instance name")
      }
    }
  }

}
