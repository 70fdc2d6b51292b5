import BusTestSupport
import Foundation
import SoundTestSupport
import Testing

/// Exclusive playback (`--exclusive`, `exclusive = yes`) with binaural and mpv + mpv-mpris.
extension AudioSessionTests {
  @Test(
    "--exclusive: the second to play pauses the first; binaural is interrupted and hears no end when mpv stops"
  )
  func exclusivePlayback() async throws {
    try await withRig(hubArguments: ["--exclusive"]) { rig in
      try await eventually("remotectl hub to say one player plays at a time") {
        try await rig.remotectl("hub").contains("One player plays at a time")
      }
      let binaural = try await rig.startBinaural()
      try await rig.startMpv()
      try await rig.waitForStatus("binaural", "Paused")
      #expect(binaural.standardError.contains("interrupted"), "\(binaural.standardError)")
      // mpv stops: binaural is not resumed, and hears no end (no Linux player says it is done).
      try await rig.press("pause", expecting: "Paused")
      try await rig.bus.playerctl("--player=binaural", "play")
      try await rig.waitForStatus("binaural", "Playing")
      // Its start, after mpv paused, pauses nobody; it now hears its interruption's end.
      try await eventually("binaural to hear its interruption's end once it plays again") {
        binaural.standardError.contains("interruption ended")
      }
      #expect(!binaural.standardError.contains("shouldResume=true"), "\(binaural.standardError)")
      #expect(try await rig.status("mpv") == "Paused")
      // binaural plays; mpv starting again pauses it again, and the other way round.
      try await rig.press("play", expecting: "Playing")
      try await rig.waitForStatus("binaural", "Paused")
      try await rig.bus.playerctl("--player=binaural", "play")
      try await rig.waitForStatus("binaural", "Playing")
      try await rig.waitForStatus("mpv", "Paused")
    }
  }

  @Test("exclusive = no (the default): binaural and mpv both play")
  func exclusivePlaybackOff() async throws {
    try await Self.withConfigurationFile("exclusive = no\n") { path in
      try await withRig(hubArguments: ["--config", path]) { rig in
        try await eventually("remotectl hub to say players may play together") {
          try await rig.remotectl("hub").contains("Players may play together")
        }
        _ = try await rig.startBinaural()
        try await rig.startMpv()
        // mpv's announcement that it plays reached the hub before this call (the monitor that
        // startMpv waits on saw it, so the bus had routed it to the hub already), and the hub
        // answers on the thread that hears it: had it paused binaural, its Pause went out first.
        _ = try await rig.remotectl("hub")
        #expect(try await rig.status("binaural") == "Playing")
        #expect(try await rig.status("mpv") == "Playing")
      }
    }
  }
}
