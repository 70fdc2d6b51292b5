import BusTestSupport
import Foundation
import SoundTestSupport

extension PlayerStage {
  /// Returns once the hub lists `running` among its players, mirrors it as Playing (its proxy
  /// player, `org.mpris.MediaPlayer2.remotectld`, says so: the hub has read the player's status),
  /// and its audio session has the sound server (`remotectl hub` says whether an interruption is
  /// under way). A call before that would race the hub's start, not test it.
  func waitUntilTheHubSees(_ running: RunningPlayer) async throws {
    try await eventually(
      "the hub to list \(running.playerctlName) as Playing and watch the sound server", within: .seconds(30),
      {
        let hub = try await bus.run(BuiltProducts.remotectl, ["hub"])
        let proxy = try await bus.run(
          "busctl",
          [
            "--address=\(bus.address)", "get-property", "org.mpris.MediaPlayer2.remotectld",
            "/org/mpris/MediaPlayer2",
            "org.mpris.MediaPlayer2.Player", "PlaybackStatus",
          ])
        return "remotectl hub: \(hub.output)\(hub.error); the proxy player: \(proxy.output)\(proxy.error)"
      },
      until: {
        $0.contains(running.playerctlName) && $0.contains("nterruption under way")
          && $0.contains("the proxy player: s \"Playing\"")
      })
  }

  /// The logs that tell why a check failed: the hub's, playerctld's and the player's, each's end.
  func logs(of running: RunningPlayer) -> String {
    """
    remotectld's log (end):
    \(hubLog.suffix(4000))
    playerctld's log (end):
    \(playerctldLog.suffix(1000))
    \(running.player)'s log (end):
    \(log(of: running.player).suffix(1500))
    """
  }
}

extension SoundServerUnderTest {
  /// The index of the sink input that process `pid` plays (`application.process.id`).
  func sinkInput(ofProcess pid: Int32) async throws -> String {
    let listing = try await pactl("list", "sink-inputs")
    var index: String?
    for line in listing.split(separator: "\n") {
      let text = line.trimmingCharacters(in: .whitespaces)
      if text.hasPrefix("Sink Input #") {
        index = String(text.dropFirst("Sink Input #".count))
      } else if text == "application.process.id = \"\(pid)\"", let index {
        return index
      }
    }
    throw TestFailure("no sink input of process \(pid):\n\(listing)")
  }
}
