import BusTestSupport
import Foundation
import Testing

/// The proxy forwards whatever else the active player serves at the MPRIS path (TrackList and
/// an extension interface here), found by introspection: methods, errors, writes and signals.
@Suite(
  "The proxy player forwards any interface", .serialized, .enabled(if: HubTools.canRun),
  .leavesNoChildProcesses, .timeLimit(.minutes(3)))
struct ProxyForwardingTests {
  @Test func `TrackList and an extension are forwarded: calls, errors, reads, late writes and signals`()
    async throws
  {
    let bus = try await PrivateBus.start()
    try await bus.startHub()
    try await bus.startExtensionPlayer()
    try await eventually(
      "the proxy serves com.example.Mood",
      {
        try await bus.run(
          "busctl", "--address", bus.address, "introspect", PrivateBus.proxyName, PrivateBus.mprisPath
        ).output
      }, until: { $0.contains("com.example.Mood") && $0.contains(".GetTracksMetadata") })

    let proxy = try SignalMonitor(on: bus, sender: PrivateBus.proxyName)
    try await proxy.ready()
    #expect(try await bus.gdbusCall(PrivateBus.proxyName, "com.example.Mood.Echo", ["hi"]).contains("'HI'"))
    try await proxy.wait(for: "org.mpris.MediaPlayer2.TrackList.TrackAdded")
    let failed = try await bus.gdbusCallResult(PrivateBus.proxyName, "com.example.Mood.Echo", ["fail"])
    #expect(failed.status != 0)
    #expect(failed.error.contains("com.example.Mood.Error.Failed") && failed.error.contains("asked to fail"))
    let tracks = try await bus.gdbusCall(
      PrivateBus.proxyName, "org.mpris.MediaPlayer2.TrackList.GetTracksMetadata", ["['/t/1']"])
    #expect(tracks.contains("/t/1"), "\(tracks)")
    #expect(
      try await bus.read(PrivateBus.proxyName, "Tracks", interface: "org.mpris.MediaPlayer2.TrackList")
        == "ao 1 \"/t/1\"")

    // python3-dbus writes through the proxy: answered only once the player answered, 300 ms late.
    let write = try await bus.run(
      "/usr/bin/python3", [PythonProgram.path("write_through_proxy.py"), PrivateBus.proxyName])
    let lines = write.output.split(separator: "\n").map {
      $0.split(separator: " ", maxSplits: 3).map(String.init)
    }
    #expect(lines.count == 3, "\(write.output)\(write.error)")
    for line in lines where line.count == 4 {
      #expect(Int(line[2]) ?? 0 >= 290, "\(line[0]) answered after \(line[2]) ms: before the player did")
    }
    #expect(lines.first?.last == "ok")
    #expect(lines.dropFirst().first?.last == "ok")
    #expect(lines.last?.last == "com.example.Mood.Error.Refused: no anger here")
    #expect(try await bus.read(ExtensionPlayer.busName, "Volume") == "d 0.25")
    #expect(
      try await bus.read(ExtensionPlayer.busName, "Mood", interface: "com.example.Mood") == "s \"happy\"")
    // Read, never announced: a vendor interface's changes at the MPRIS path would make
    // playerctld, which watches the proxy's name, abort.
    try await eventually(
      "the proxy reads the new Mood",
      { try await bus.read(PrivateBus.proxyName, "Mood", interface: "com.example.Mood") },
      until: { $0 == "s \"happy\"" })
    await proxy.stop()
    await bus.stop()
  }
}
