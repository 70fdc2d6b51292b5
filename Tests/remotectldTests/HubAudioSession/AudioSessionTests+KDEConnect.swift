import BusTestSupport
import Testing

/// The hub's call rule beside KDE Connect's "Pause media during calls" (its pausemusic plugin,
/// on by default), which pauses every playing MPRIS player when the phone rings and plays again
/// those it paused when the call ends. kdeconnectd cannot pair with a phone here, so a double
/// (`kdeconnect_pausemusic.py`, whose header says what it copies) does over D-Bus exactly what
/// the plugin does; the hub, mpv with mpv-mpris, the sound server and the call stream are real,
/// and the proxy is published, so the plugin's sweep meets the hub's own names too.
extension AudioSessionTests {
  /// The plugin's double, on the rig's bus, once it is ready.
  func pauseMusic(_ rig: Rig) async throws -> ChildProcess {
    let plugin = try ChildProcess(
      PythonPlayers.python, [PythonProgram.path("kdeconnect_pausemusic.py")],
      environment: rig.bus.environment,
      standardInput: .pipe)
    rig.children.all.append(plugin)
    _ = try await plugin.line(within: .seconds(10)) { $0 == "ready" }
    return plugin
  }

  /// mpv Now Playing, the hub's proxy published, and the plugin's double ready beside them.
  func withMpvBesidePlugin(_ body: (Rig, ChildProcess) async throws -> Void) async throws {
    try await withRig(proxy: true) { rig in
      try await rig.startMpv()
      try await rig.bus.waitForName("org.mpris.MediaPlayer2.remotectld")
      try await eventually("mpv to be Now Playing") { try await rig.bus.hubActive() == "mpv" }
      try await body(rig, try await pauseMusic(rig))
    }
  }

  /// Sends the plugin `event` (`ringing`, `talking`, `cancel`) and waits until it has handled it.
  func tell(_ plugin: ChildProcess, _ event: String) async throws {
    try plugin.write(event + "\n")
    _ = try await plugin.line(within: .seconds(20)) { $0 == "done \(event)" }
  }

  /// The names the plugin sent `Pause` (or `Stop`) while a call rang, in its order.
  func paused(by plugin: ChildProcess) -> [String] {
    plugin.standardOutput.split(separator: "\n").filter { $0.hasPrefix("paused ") }.map {
      String($0.dropFirst(7))
    }
  }

  @Test
  func
    `a call that rings on the phone before it plays here is paused by KDE Connect, resumed by it alone, once`()
    async throws
  {
    try await withMpvBesidePlugin { rig, plugin in
      try await tell(plugin, "ringing")
      // It paused mpv, by its own name or through the hub's (whichever the bus listed first).
      try await rig.waitForStatus("mpv", "Paused")
      #expect(!paused(by: plugin).isEmpty, "\(plugin.standardOutput)")
      // The phone rings before the call's sound comes here: the hub has seen mpv pause.
      try await eventually("the hub to see mpv paused") {
        try await rig.bus.read("org.mpris.MediaPlayer2.remotectld", "PlaybackStatus") == #"s "Paused""#
      }

      // The call's sound plays here: the hub finds nothing playing, so its end resumes nothing.
      let call = try rig.call()
      try await eventually("the hub to see the call") {
        try await rig.interruptionLine().hasPrefix("Interruption under way")
      }
      #expect(try await rig.interruptionLine().hasSuffix("its end resumes nothing"))
      _ = await call.terminate()
      try await eventually("the interruption to end") {
        try await rig.interruptionLine() == "No interruption under way"
      }
      #expect(try await rig.status("mpv") == "Paused", "the hub resumed what KDE Connect paused")

      // The phone hangs up: KDE Connect plays what it paused, and mpv plays.
      try await tell(plugin, "cancel")
      try await rig.waitForStatus("mpv", "Playing")
      try await eventually("mpv to be Now Playing again") { try await rig.bus.hubActive() == "mpv" }
    }
  }

  @Test
  func `a call that plays here before it rings on the phone is paused and resumed by the hub alone`()
    async throws
  {
    try await withMpvBesidePlugin { rig, plugin in
      let call = try rig.call()
      try await rig.waitForStatus("mpv", "Paused")
      try await eventually("the hub to say its end resumes mpv") {
        try await rig.interruptionLine().hasSuffix("its end resumes mpv")
      }
      // KDE Connect's sweep finds nothing playing, the hub's names included (they read the Now
      // Playing app's own status), so it presses nothing the hub would take for the user's.
      try await tell(plugin, "talking")
      #expect(paused(by: plugin).isEmpty, "\(plugin.standardOutput)")
      #expect(try await rig.interruptionLine().hasSuffix("its end resumes mpv"))

      _ = await call.terminate()
      try await rig.waitForStatus("mpv", "Playing")
      try await tell(plugin, "cancel")
      #expect(!plugin.standardOutput.contains("resumed "), "\(plugin.standardOutput)")
      #expect(try await rig.status("mpv") == "Playing")
    }
  }
}
