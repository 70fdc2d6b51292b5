import BusTestSupport
import Foundation
import RemoteControl
import RemoteControlMPRIS
import Synchronization
import Testing

/// Interruptions and route changes posted into the application's audio session over the
/// extension interface, by busctl and gdbus, as a hub posts them.
@Suite(.leavesNoChildProcesses) struct AudioSessionInterfaceTests {
  static let interface = "io.github.swift_remote_control.RemoteControl1"

  /// What the application's audio session told its observers.
  final class Seen: Sendable {
    private let storage = Mutex<[AudioSession.Notification]>([])
    var values: [AudioSession.Notification] { storage.withLock { $0 } }
    func append(_ value: AudioSession.Notification) { storage.withLock { $0.append(value) } }
  }

  func busctlCall(_ player: TestPlayer, _ method: String, _ arguments: String...) async throws -> ClientResult
  {
    try await player.bus.busctl(
      ["call", player.busName, MediaPlayerInterface.remoteControlObjectPath, Self.interface, method]
        + arguments)
  }

  /// Waits until busctl reads the player's `PlaybackStatus` as `status`.
  @MainActor
  func waitForStatus(_ status: String, of player: TestPlayer) async throws {
    try await Self.waitForStatus(status, on: player.bus, of: player.busName)
  }

  static func waitForStatus(_ status: String, on bus: PrivateBus, of busName: String) async throws {
    let arguments = [
      "get-property", busName, MediaPlayerInterface.objectPath, "org.mpris.MediaPlayer2.Player",
      "PlaybackStatus",
    ]
    try await eventually("PlaybackStatus \(status)") {
      try await bus.busctl(arguments).trimmed == "s \"\(status)\""
    }
  }

  @Test @MainActor func interruptionOverTheBusShowsInterruptedAsPausedAndItsEndPlaysAgain() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let seen = Seen()
      player.application.audioSession.observe { seen.append($0) }
      player.application.nowPlayingInfoCenter.playbackState = .playing
      try await waitForStatus("Playing", of: player)

      let began = try await busctlCall(player, "BeginInterruption")
      #expect(began.succeeded, "\(began)")
      #expect(player.application.nowPlayingInfoCenter.playbackState == .interrupted)
      #expect(seen.values == [.interruption(.init(type: .began))])
      try await waitForStatus("Paused", of: player)

      // The same call heard twice (the sound server's cork and a hub) is posted once.
      #expect(try await busctlCall(player, "BeginInterruption").succeeded)
      #expect(try await player.gdbusCall("\(Self.interface).EndInterruption", "true").succeeded)
      #expect(seen.values.count == 1)
      #expect(try await player.gdbusCall("\(Self.interface).EndInterruption", "true").succeeded)
      #expect(
        seen.values == [
          .interruption(.init(type: .began)), .interruption(.init(type: .ended, options: .shouldResume)),
        ])
      #expect(player.application.nowPlayingInfoCenter.playbackState == .playing)
      try await waitForStatus("Playing", of: player)
    }
  }

  /// Whether a reply has arrived.
  final class Flag: Sendable {
    private let storage = Atomic<Bool>(false)
    var isSet: Bool { storage.load(ordering: .acquiring) }
    func set() { storage.store(true, ordering: .releasing) }
  }

  @Test @MainActor func aCallIsAnsweredOnlyOnceTheMainActorObserversHaveRun() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let replied = Flag()
      var replyArrivedDuringTheObserver: Bool?
      player.application.audioSession.observe { _ in
        // Holds the main actor until the reply arrives, for 1 s at most: a reply that did not
        // wait for this observer arrives meanwhile; one that waits cannot, and the bound ends it.
        let deadline = ContinuousClock.now + .seconds(1)
        while !replied.isSet && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
        replyArrivedDuringTheObserver = replied.isSet
      }
      let bus = player.bus
      let arguments = [
        "call", player.busName, MediaPlayerInterface.remoteControlObjectPath, Self.interface,
        "BeginInterruption",
      ]
      let call = Task.detached {
        let result = try await bus.busctl(arguments)
        replied.set()
        return result
      }
      #expect(try await call.value.succeeded)
      #expect(replyArrivedDuringTheObserver == false, "the observer ran, and the reply came after it")
    }
  }

  @Test @MainActor func interruptionEndedWithoutShouldResumeLeavesThePlayerPaused() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      player.application.nowPlayingInfoCenter.playbackState = .playing
      #expect(try await busctlCall(player, "BeginInterruption").succeeded)
      #expect(try await busctlCall(player, "EndInterruption", "b", "false").succeeded)
      #expect(player.application.nowPlayingInfoCenter.playbackState == .paused)
    }
  }

  @Test @MainActor func routeChangeOverTheBusCarriesItsReasonAndAnUnknownReasonIsRefused() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let seen = Seen()
      player.application.audioSession.observe { seen.append($0) }
      let lost = try await busctlCall(player, "RouteChanged", "s", "oldDeviceUnavailable")
      #expect(lost.succeeded, "\(lost)")
      #expect(seen.values == [.routeChange(.init(reason: .oldDeviceUnavailable, previousRoute: .none))])

      let bogus = try await player.gdbusCall("\(Self.interface).RouteChanged", "'unplugged'")
      #expect(!bogus.succeeded)
      #expect(bogus.error.contains("InvalidArgs") && bogus.error.contains("oldDeviceUnavailable"), "\(bogus)")
      #expect(seen.values.count == 1)
    }
  }

  @Test @MainActor func theSessionMethodsAreIntrospectable() async throws {
    try await withPlayer { (player: TestPlayer) async throws in
      let result = try await player.bus.busctl(
        "introspect", player.busName, MediaPlayerInterface.remoteControlObjectPath, Self.interface)
      let rows = result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
      for (method, signature) in [
        ("BeginInterruption", "-"), ("EndInterruption", "b"), ("RouteChanged", "s"),
      ] {
        #expect(
          rows.first { $0.first == "." + method }?.prefix(3) == ["." + method, "method", signature],
          "\(method)")
      }
    }
  }
}
