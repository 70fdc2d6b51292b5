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

  @Test func `remotectl check --system says what shairport-sync breaks, idle and while a sender streams`()
    async throws
  {
    try await ShairportSync.Stage.with { stage in
      let environment = ["DBUS_SYSTEM_BUS_ADDRESS": stage.systemBus.address]
      let idle = try await ChildProcess.run(
        HubTools.remotectl, ["check", "--system", "ShairportSync"], environment: environment,
        timeout: .seconds(60))
      #expect(idle.status == 1, "\(idle)")
      #expect(idle.output.contains("FAIL enumerated-values: Rate 0.0 is below MinimumRate 1.0"), "\(idle)")
      #expect(
        idle.output.contains(
          "FAIL commands-reach-the-player: CanPlay, CanPause, CanGoNext, CanGoPrevious, CanControl true "
            + "while org.gnome.ShairportSync.RemoteControl Available is false"), "\(idle)")
      #expect(idle.output.contains("ShairportSync: "), "\(idle)")

      // While a sender streams, its LoopStatus is "Not Available" too.
      let sender = try stage.receiver.send(seconds: 8)
      try await sender.started()
      try await stage.receiver.waitForStatus("Playing")
      let streaming = try await ChildProcess.run(
        HubTools.remotectl, ["check", "--system", "--json", "ShairportSync"], environment: environment,
        timeout: .seconds(60))
      let report = try JSONSerialization.jsonObject(with: Data(streaming.output.utf8)) as? [String: Any]
      let rules = report?["rules"] as? [[String: Any]] ?? []
      let values = rules.first { $0["rule"] as? String == "enumerated-values" }?["detail"] as? String ?? ""
      #expect(values.contains(#"LoopStatus "Not Available" is not None, Track or Playlist"#), "\(streaming)")
      #expect(report?["passed"] as? Bool == false, "\(streaming)")
      await sender.stop()
    }
  }
}
