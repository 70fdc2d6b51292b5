import BusTestSupport
import Foundation
import Glibc
import Testing

/// The README's example offers only what it handles, so `remotectl check` and `remotectl doctor`
/// agree on it: every conformance rule passes, and the doctor names exactly the commands it does
/// not offer.
@Suite(
  "Getting started: the example passes remotectl check", .serialized, .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct PodcastsCheckTests {
  @Test
  func `remotectl check podcasts passes every rule, and doctor names only next and previous as not offered`()
    async throws
  {
    let bus = try await PrivateBus.start()
    let example = try bus.start(PodcastsExampleTests.podcasts, [])
    try await bus.waitForPlayer("podcasts", status: "Paused")

    let check = try await bus.run(BuiltProducts.remotectl, ["check", "podcasts"], timeout: .seconds(120))
    let failed = check.output.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
    #expect(failed.isEmpty, "\(check.output)")
    #expect(check.status == 0, "\(check)")

    let doctor = try await bus.run(BuiltProducts.remotectl, ["doctor", "podcasts"])
    let notOffered = doctor.output.split(separator: "\n").filter {
      $0.contains(" is false: the app does not offer")
    }
    .map { line in line.dropFirst(8).prefix { $0 != " " } }
    #expect(notOffered == ["CanGoNext", "CanGoPrevious"], "\(doctor.output)")
    #expect(!doctor.output.contains("PROBLEM"), "\(doctor.output)")
    example.signal(SIGTERM)
    #expect(try await example.waitForExit() == 0, "\(example.standardError)")
    await bus.stop()
  }
}
