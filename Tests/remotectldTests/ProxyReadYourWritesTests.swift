import BusTestSupport
import Foundation
import Testing

/// A read through the proxy right after a call through it returns sees what the player announced
/// before its reply; and one press through the proxy costs the six messages it must.
@Suite(
  "The proxy player reads your writes", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(2)))
struct ProxyReadYourWritesTests {
  /// python3-dbus: `pairs N` sends PlayPause through the proxy and reads PlaybackStatus through
  /// it as soon as the call returns, N times, and prints how many reads were stale; `press` calls
  /// the bus's GetId, PlayPause through the proxy, then GetId again (markers for dbus-monitor).
  static let client = #"""
    import sys, dbus
    bus = dbus.SessionBus()
    proxy = bus.get_object("org.mpris.MediaPlayer2.remotectld", "/org/mpris/MediaPlayer2", introspect=False)
    player = dbus.Interface(proxy, "org.mpris.MediaPlayer2.Player")
    properties = dbus.Interface(proxy, "org.freedesktop.DBus.Properties")
    daemon = dbus.Interface(bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus", introspect=False), "org.freedesktop.DBus")
    def status():
        return str(properties.Get("org.mpris.MediaPlayer2.Player", "PlaybackStatus"))
    if sys.argv[1] == "pairs":
        expected = status()
        stale = 0
        for _ in range(int(sys.argv[2])):
            player.PlayPause()
            expected = "Paused" if expected == "Playing" else "Playing"
            if status() != expected:
                stale += 1
        print(stale, flush=True)
    else:
        daemon.GetId()
        player.PlayPause()
        daemon.GetId()
        print("DONE", flush=True)
    """#

  @Test func `PlayPause then Get through the proxy never reads the old status, with a core busy`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub(["--no-http", "--proxy", "on"])
    try await bus.startBinaural("binaural")
    try await eventually("the proxy forwards binaural") {
      try await bus.read(PrivateBus.proxyName, "CanPause") == "b true"
    }
    _ = try bus.start("sh", ["-c", "while :; do :; done"], standardError: .file("/dev/null"))
    let result = try await bus.run(
      "/usr/bin/python3", ["-c", Self.client, "pairs", "2000"], timeout: .seconds(90))
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "stale reads: \(result.output)")
    await bus.stop()
  }

  @Test func `one press through the proxy costs six messages, with the web remote running`() async throws {
    let bus = try await PrivateBus.start()
    try await bus.startHub(["--http-port", "0", "--proxy", "on"])
    try await bus.startBinaural("binaural")
    try await eventually("the proxy forwards binaural") {
      try await bus.read(PrivateBus.proxyName, "CanPause") == "b true"
    }
    let monitor = try bus.start("dbus-monitor", ["--address", bus.address])
    _ = try await monitor.line(within: .seconds(10)) { $0.contains("member=NameAcquired") }
    let press = try await bus.run("/usr/bin/python3", ["-c", Self.client, "press"])
    #expect(press.output.contains("DONE"), "\(press.error)")
    let markers = try await eventually("dbus-monitor shows both markers") { () -> [Int]? in
      let lines = monitor.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
      let marks = lines.indices.filter {
        lines[$0].hasPrefix("method call") && lines[$0].contains("member=GetId")
      }
      return marks.count >= 2 ? Array(marks.prefix(2)) : nil
    }
    let lines = monitor.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    let headers = lines[markers[0] + 1..<markers[1]].filter { line in
      ["method call", "method return", "error", "signal"].contains { line.hasPrefix($0) }
    }
    // The first is the bus's reply to the first marker.
    let press6 = headers.dropFirst()
    #expect(press6.count <= 6, "messages for one press:\n\(press6.joined(separator: "\n"))")
    await bus.stop()
  }
}
