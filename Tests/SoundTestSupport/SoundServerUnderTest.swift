import BusTestSupport
import Foundation
import Testing

/// The pulse server a test runs on: a private PulseAudio, or PipeWire's pulse server (`pipewire`,
/// `wireplumber`, `pipewire-pulse`) where it is installed; the tests that take a ``Kind`` as
/// their argument run on both.
package struct SoundServerUnderTest: Sendable {
  /// Which server.
  package enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case pulseAudio, pipeWire

    package var testDescription: String { rawValue }

    /// PulseAudio always (the tests need it); PipeWire's pulse server when it is installed.
    package static var available: [Kind] {
      PipeWirePulseServer.isInstalled ? [.pulseAudio, .pipeWire] : [.pulseAudio]
    }
  }

  /// Its address, for libpulse and `PULSE_SERVER`.
  package let address: String
  /// What its clients need in their environment.
  package let environment: [String: String]
  /// Stops it.
  package let stop: @Sendable () async -> Void

  /// Starts a server of `kind`; on PulseAudio, with `modules` loaded too (PipeWire's pulse
  /// server has no such modules, and is started as it is).
  package static func start(_ kind: Kind, loading modules: [String] = []) async throws -> SoundServerUnderTest
  {
    switch kind {
    case .pulseAudio:
      let server = try await PulseAudioServer.start()
      let started = SoundServerUnderTest(address: server.address, environment: server.environment) {
        await server.stop()
      }
      for module in modules {
        do {
          _ = try await started.pactl("load-module", module)
        } catch {
          await server.stop()
          throw error
        }
      }
      return started
    case .pipeWire:
      let server = try await PipeWirePulseServer.start()
      return SoundServerUnderTest(address: server.address, environment: server.environment) {
        await server.stop()
      }
    }
  }

  /// Starts a server of `kind` (with `modules`, as ``start(_:loading:)``), runs `body` on it and
  /// stops it, whether `body` returns or throws.
  package static func with<Result>(
    _ kind: Kind, loading modules: [String] = [], _ body: (SoundServerUnderTest) async throws -> Result
  ) async throws -> Result {
    let server = try await start(kind, loading: modules)
    let result: Result
    do {
      result = try await body(server)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
    return result
  }

  /// Makes the sink named `sink` the default one, and returns once the server says it is.
  /// PipeWire's pulse server refuses it ("Not supported") until WirePlumber has made its `default`
  /// metadata, which can come after the server answers `pactl info`: it is asked again until then.
  package func setDefaultSink(_ sink: String) async throws {
    try await eventually("the default sink to be \(sink)", within: .seconds(20)) {
      let set = try await ChildProcess.run("pactl", ["set-default-sink", sink], environment: environment)
      guard set.status == 0 else {
        guard set.error.contains("Not supported") else {
          throw TestFailure("pactl set-default-sink \(sink) failed: \(set.error)")
        }
        return false
      }
      return try await pactl("get-default-sink") == sink
    }
  }

  /// Runs `pactl` against the server; its output, trimmed.
  package func pactl(_ arguments: String...) async throws -> String {
    try await pactl(arguments)
  }

  /// Runs `pactl` with `arguments` against the server; its output, trimmed.
  package func pactl(_ arguments: [String]) async throws -> String {
    let result = try await ChildProcess.run("pactl", arguments, environment: environment)
    guard result.status == 0 else { throw TestFailure("pactl \(arguments) failed: \(result.error)") }
    return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
