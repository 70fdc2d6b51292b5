import BusTestSupport
import Foundation
import HubSupport
import Testing

/// The hub's malloc settings, which it starts itself once more to take (`MallocSettings`).
@Suite(
  "The hub's malloc settings", .serialized, .enabled(if: HubTools.canRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(2)))
struct MallocSettingsTests {
  @Test(arguments: [nil, "glibc.malloc.check=0"])
  func `the hub runs under its own name with one malloc arena, with or without GLIBC_TUNABLES of its own`(
    given: String?
  ) async throws {
    let bus = try await PrivateBus.start()
    let hub = try await bus.startHub(environment: given.map { ["GLIBC_TUNABLES": $0] } ?? [:])
    let process = "/proc/\(hub.processIdentifier)"
    // What ps, pgrep and the journal show: not `exe`, as a start through /proc/self/exe would.
    let name = try #require(FileBytes.read(atPath: process + "/comm", upTo: 64))
    #expect(String(decoding: name, as: UTF8.self) == "remotectld\n")
    // Every thread has allocated by now (the hub owns its name). Each arena but the first is a
    // 64 MiB reservation of its own, of which the part not in use is mapped without access.
    let maps = try #require(FileBytes.read(atPath: process + "/maps", upTo: 1 << 22))
    let reservations = String(decoding: maps, as: UTF8.self).split(separator: "\n").filter { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      let range = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
      return fields.count == 5 && fields[1] == "---p" && range.count == 2 && range[1] - range[0] >= 1 << 20
    }
    #expect(reservations.isEmpty, "arenas beside the main one: \(reservations)")
    await bus.stop()
  }
}
