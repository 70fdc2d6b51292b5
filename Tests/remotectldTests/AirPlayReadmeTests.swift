import BusTestSupport
import Foundation
import Testing

/// The README's way to AirPlay a sound file to this computer without an iPhone
/// (`scripts/airplay-send.py`, the block marked `<!-- readme-test: airplay -->`), run against a
/// real shairport-sync (``ShairportSync``) with the hub beside it.
@Suite(
  "The README's AirPlay without an iPhone", .serialized,
  .enabled(if: HubTools.canRun && ShairportSync.isInstalled), .leavesNoChildProcesses, .timeLimit(.minutes(3))
)
struct AirPlayReadmeTests {
  @Test func `scripts/airplay-send.py streams to shairport-sync, and remotectl hub marks it Now Playing`()
    async throws
  {
    let block = try #require(
      Readme.codeBlock(after: "<!-- readme-test: airplay -->", in: try Readme.text()),
      "README.md has `<!-- readme-test: airplay -->` on the line before a code block")
    let commands = Readme.commands(in: block)
    // Under the venv's Python the first line makes, which has pyatv (Debian's pip refuses outside one).
    #expect(commands.contains { $0.hasPrefix("~/pyatv/bin/python3 scripts/airplay-send.py ") }, "\(commands)")
    #expect(commands.contains { $0.contains("python3 -m venv ~/pyatv && ~/pyatv/bin/pip install pyatv==") })
    #expect(commands.contains("remotectl hub"), "\(commands)")
    try await PrivateBus.with { bus in
      try await ShairportSync.Stage.with(in: bus.directory) { stage in
        let hub = try await bus.startHub(
          ["--no-http", "--proxy", "off"], environment: stage.environment, capturingLog: true)
        // The script as the README runs it, with a tone of its own rather than a user's file, to
        // this receiver's port, under the Python that has pyatv.
        let sender = try ChildProcess(
          AirPlaySender.python,
          [
            Readme.root.appendingPathComponent("scripts/airplay-send.py").path, "--tone", "5", "--port",
            "\(stage.receiver.port)",
          ])
        do {
          try await stage.receiver.waitForStatus("Playing", within: .seconds(20))
          let report = try await eventually(
            "remotectl hub to mark the AirPlay session",
            { try await bus.run(BuiltProducts.remotectl, ["hub"]) }
          ) { $0.output.contains("* ShairportSync.system\n") }
          #expect(report.status == 0, "\(report)")
          let status = try await sender.waitForExit(within: .seconds(30))
          #expect(status == 0, "\(sender.standardOutput)\(sender.standardError)")
          #expect(sender.standardOutput.hasSuffix("airplay-send: sent it all\n"), "\(sender.standardOutput)")
        } catch {
          _ = await sender.terminate()
          _ = await hub.terminate()
          throw TestFailure("\(error)\nremotectld's log:\n\(hub.standardError.suffix(4000))")
        }
        _ = await hub.terminate()
      }
    }
  }
}
