import BusTestSupport
import Foundation
import Testing

/// AirPlay to this computer, with real parts: Debian's shairport-sync 3.3.8 on a private system
/// bus playing to a private PulseAudio, and pyatv streaming to it over RAOP on 127.0.0.1
/// (``ShairportSync``, ``AirPlaySender``).
@Suite(
  "AirPlay through shairport-sync", .serialized, .enabled(if: HubTools.canRun && ShairportSync.isInstalled),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct AirPlayTests {
  @Test func `shairport-sync says Playing and the sender's title on the system bus`() async throws {
    try await ShairportSync.Stage.with { stage in
      let receiver = stage.receiver
      #expect(try await receiver.title() == nil)
      let monitor = try await receiver.monitor()
      let sender = try receiver.send(title: "Song of the Harness", artist: "The Loopback", seconds: 4)
      let start = try await sender.started()
      // pyatv's RECORD makes it say Playing at once, its FLUSH Paused, and the first audio
      // Playing again, about a second later, as the sound starts.
      let record = try await monitor.wait(for: "PlaybackStatus", "'Playing'")
      try await monitor.wait(for: "PlaybackStatus", "'Paused'")
      let sound = try await monitor.wait(for: "PlaybackStatus", "'Playing'")
      print(
        "shairport-sync said Playing \(record.arrival - start) and \(sound.arrival - start) after the stream started"
      )
      #expect(try await stage.sinkInput() != nil)
      #expect(try await receiver.title() == "Song of the Harness")
      let metadata = try #require(try await receiver.property("Metadata") as? [String: Any])
      let artists = (metadata["xesam:artist"] as? [String: Any])?["data"] as? [String]
      let album = (metadata["xesam:album"] as? [String: Any])?["data"] as? String
      #expect(artists == ["The Loopback"] && album == "Tests", "\(metadata)")
      // The sender's artwork, in shairport-sync's cover-art cache.
      let artwork = try #require((metadata["mpris:artUrl"] as? [String: Any])?["data"] as? String)
      let bytes = try Data(contentsOf: #require(URL(string: artwork)))
      #expect(bytes.starts(with: [0xFF, 0xD8]), "\(artwork)")
      // What 3.3.8 says while a sender streams, illegal in MPRIS.
      #expect(try await receiver.property("LoopStatus") as? String == "Not Available")
      #expect(try await receiver.isActive())
      // The sender offers no DACP service, so nothing can reach it from here.
      #expect(try await receiver.remoteControlIsAvailable() == false)

      try await sender.finished()
      try await monitor.wait(for: "PlaybackStatus", "'Stopped'")
      await monitor.stop()
      await sender.stop()
    }
  }
}
