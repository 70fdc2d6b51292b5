import BusTestSupport
import DBus
import Foundation
import Synchronization
import Testing

@Suite("Exporting suspends: it holds no thread of the cooperative pool", .leavesNoChildProcesses)
struct ExportSuspendsTests {
  @Test("Exports waiting for a busy bus thread leave the cooperative pool free")
  func exportsWaitingForTheBusThreadSuspend() async throws {
    let bus = try await PrivateBus.start()
    let server = try await Connection.connect(.address(bus.address))
    let client = try await Connection.connect(.address(bus.address))
    // The server's bus thread is held inside a handler until `release` is signalled (a plain
    // semaphore on the bus thread, on purpose: it stands for a slow handler).
    let release = DispatchSemaphore(value: 0)
    let holding = Atomic<Bool>(false)
    let hold = Interface(
      name: "org.example.Hold",
      methods: [
        .init("Hold") { call in
          holding.store(true, ordering: .releasing)
          release.wait()
          call.reply()
        }
      ])
    let holdRegistration = try await server.export(hold, at: "/org/example/Hold")
    let destination = server.uniqueName
    let held = Task {
      try await client.call(
        destination: destination, path: "/org/example/Hold", interface: "org.example.Hold", member: "Hold")
    }
    try await eventually("the handler running") { holding.load(ordering: .acquiring) }

    // More exports waiting for that thread than the pool has threads: blocking ones would starve it.
    let width = ProcessInfo.processInfo.activeProcessorCount + 2
    let exports = (0..<width).map { index in
      Task {
        try await server.export(
          Interface(name: "org.example.Exported", methods: [.init("Nothing") { $0.reply() }]),
          at: try ObjectPath("/org/example/Exported\(index)"))
      }
    }
    let poolIsFree = await completes(within: .seconds(10)) {
      _ = try await client.listNames()
    }
    release.signal()
    #expect(poolIsFree, "the pool was blocked by exports waiting for the bus thread")

    _ = try await held.value
    for export in exports {
      let registration = try await export.value
      // Served once export returns: its method answers at the new path.
      _ = try await client.call(
        destination: destination, path: registration.path, interface: "org.example.Exported",
        member: "Nothing")
      registration.cancel()
    }
    holdRegistration.cancel()
    client.close()
    server.close()
    await bus.stop()
  }
}
