import BusTestSupport
import DBus
import Foundation
import PlayerView
import RemoteControlMPRIS
import Testing

@testable import HubCore
@testable import HubNotifications
@testable import remotectld

/// The hub's desktop notifications (`--notify`): remotectld on a private session bus with two
/// binaurals and a notification server (``NotificationDaemon``, python-dbusmock's
/// `notification_daemon`), read back from the server's log of the calls it took.
@Suite(
  "Track notifications", .serialized, .enabled(if: HubTools.playerctlCanRun), .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
struct NotificationTests {
  /// A bus with binaurals a and b, b one track further than a, so that their titles differ.
  private func twoPlayers() async throws -> PrivateBus {
    let bus = try await PrivateBus.start(offeringInstalledServices: false)
    try await bus.startBinaural("a")
    try await bus.startBinaural("b")
    try await bus.tell("b", "\(PrivateBus.playerInterface).Next", announcing: "'Metadata'")
    return bus
  }

  /// Player `name`'s title, as playerctl reads it.
  private func title(of name: String, on bus: PrivateBus) async throws -> String {
    try await bus.run("playerctl", "-p", name, "metadata", "xesam:title").trimmed
  }

  /// Starts player `name` playing.
  private func play(_ name: String, on bus: PrivateBus) async throws {
    try await bus.tell(
      name, "\(PrivateBus.playerInterface).Play", announcing: "'PlaybackStatus': <'Playing'>")
  }

  /// Pauses player `name`.
  private func pause(_ name: String, on bus: PrivateBus) async throws {
    try await bus.tell(
      name, "\(PrivateBus.playerInterface).Pause", announcing: "'PlaybackStatus': <'Paused'>")
  }

  /// Moves player `name` to its next track; returns the new title.
  @discardableResult
  private func next(_ name: String, on bus: PrivateBus) async throws -> String {
    try await bus.tell(name, "\(PrivateBus.playerInterface).Next", announcing: "'Metadata'")
    return try await title(of: name, on: bus)
  }

  /// Waits until the server has taken `count` notifications; returns them.
  @discardableResult
  private func notifications(_ count: Int, from server: NotificationDaemon) async throws
    -> [NotificationDaemon.Notified]
  {
    try await eventually(
      "\(count) notifications", { try server.notifications() }, until: { $0.count >= count })
  }

  /// The hub's log so far.
  private func hubLog(on bus: PrivateBus) -> String {
    bus.hubLog
  }

  @Test func `each track the Now Playing player plays is one notification, replacing the one before`()
    async throws
  {
    let bus = try await twoPlayers()
    let server = try await NotificationDaemon.start(on: bus)
    try await bus.startHub(["--no-http", "--proxy", "on", "--notify"])
    let identity = try #require(
      try await bus.strings("org.mpris.MediaPlayer2.a", "org.mpris.MediaPlayer2", "Identity").first)
    // Paused, a player is Now Playing with a track, which the proxy shows once the hub has read
    // it: no notification for a track that does not play.
    let active = try await eventually(
      "a player Now Playing", { try await bus.hubActive() }, until: { !$0.isEmpty })
    let paused = try await title(of: active, on: bus)
    try await eventually("the proxy to show \(active)'s title") {
      try await bus.strings(PrivateBus.proxyName, PrivateBus.playerInterface, "Metadata").contains(paused)
    }
    try await server.barrier()
    #expect(try server.notifications().isEmpty)

    // a plays: its track, with its name, artist, album and artwork.
    try await play("a", on: bus)
    let first = try await notifications(1, from: server)[0]
    #expect(first.summary == (try await title(of: "a", on: bus)))
    #expect(first.appName == identity)
    #expect(first.body == "Binaural — Brainwave presets")
    #expect(first.replacesID == 0)
    #expect(first.line.contains("\"image-path\": \"file:///"), "\(first)")
    #expect(first.line.hasSuffix(" -1"), "the server's own timeout: \(first)")
    // The template numbers its notifications from 1, and answers a replacement with its id.
    let firstID: UInt32 = 1

    // a's next track replaces it.
    let second = try await next("a", on: bus)
    let replacing = try await notifications(2, from: server)[1]
    #expect(replacing.summary == second)
    #expect(replacing.replacesID == firstID)

    // b plays in the background (a stays Now Playing while it plays) and changes track: nothing.
    try await play("b", on: bus)
    try await next("b", on: bus)
    // a pauses: b, which plays, is Now Playing, and its track is notified.
    try await pause("a", on: bus)
    try await eventually("b to be Now Playing") { try await bus.hubActive() == "b" }
    let third = try await notifications(3, from: server)[2]
    #expect(third.summary == (try await title(of: "b", on: bus)))
    // b pauses and a plays: a's track again, for the switch.
    try await pause("b", on: bus)
    try await play("a", on: bus)
    try await eventually("a to be Now Playing") { try await bus.hubActive() == "a" }
    let fourth = try await notifications(4, from: server)[3]
    #expect(fourth.summary == second)
    // a pauses and plays the same track, and paused b changes track: nothing; a's next track is
    // the fifth notification, and the last.
    try await pause("a", on: bus)
    try await play("a", on: bus)
    try await next("b", on: bus)
    let last = try await next("a", on: bus)
    let all = try await notifications(5, from: server)
    try await server.barrier()
    #expect(try server.notifications().count == 5, "\(all)")
    #expect(all[4].summary == last, "\(all)")
    #expect(all.dropFirst().allSatisfy { $0.replacesID == firstID }, "\(all)")

    await bus.stop()
  }

  @Test func `without --notify the hub sends no notification`() async throws {
    let bus = try await twoPlayers()
    let server = try await NotificationDaemon.start(on: bus)
    try await bus.startHub(["--no-http"])
    try await play("a", on: bus)
    try await next("a", on: bus)
    // The hub has taken in a's track when its answer says a; a Notify it sent then reaches the
    // server before the barrier.
    try await eventually("a to be Now Playing") { try await bus.hubActive() == "a" }
    try await server.barrier()
    #expect(try server.notifications().isEmpty)
    await bus.stop()
  }

  @Test
  func `with no server the hub says so once and goes on, and a server that comes later gets the next track`()
    async throws
  {
    let bus = try await twoPlayers()
    try await bus.startHub(["--no-http", "--notify"])
    try await play("a", on: bus)
    try await eventually("the hub to log the missing server") {
      hubLog(on: bus).contains("no notification server")
    }
    try await next("a", on: bus)
    // The second miss is said at debug level only.
    try await eventually("the hub to log the second miss") {
      hubLog(on: bus).components(separatedBy: "no notification server").count - 1 == 2
    }
    let misses = hubLog(on: bus).split(separator: "\n").filter { $0.contains("no notification server") }
    #expect(misses.filter { $0.contains(" info ") }.count == 1, "\(misses)")
    #expect(try await bus.hubActive() == "a", "the hub goes on")

    let server = try await NotificationDaemon.start(on: bus)
    let third = try await next("a", on: bus)
    let notified = try await notifications(1, from: server)
    #expect(notified[0].summary == third)
    #expect(notified[0].replacesID == 0)
    await bus.stop()
  }

  @Test func `a server that answers with an error is one log line, and the next track is notified`()
    async throws
  {
    let bus = try await twoPlayers()
    let server = try await NotificationDaemon.start(on: bus)
    try await server.failNotify()
    try await bus.startHub(["--no-http", "--notify"])
    try await play("a", on: bus)
    try await eventually("the hub to log the refusal") {
      hubLog(on: bus).contains(NotificationDaemon.errorName)
    }
    #expect(try await bus.hubActive() == "a", "the hub goes on")

    try await server.answerNotify()
    let second = try await next("a", on: bus)
    let notified = try await notifications(2, from: server)
    #expect(notified[1].summary == second)
    #expect(hubLog(on: bus).components(separatedBy: NotificationDaemon.errorName).count - 1 == 1)
    await bus.stop()
  }

  @Test func `a notification's body escapes markup, and an http artwork is not fetched`() throws {
    var mirror = PlayerMirror(owner: ":1.7", busNames: ["org.mpris.MediaPlayer2.x"])
    let metadata = Value.vardict([
      "mpris:trackid": .objectPath("/track/1"), "xesam:title": .string("Rock & <Roll>"),
      "xesam:artist": .strings(["A <b>", "C"]), "xesam:album": .string("D & E"),
      "mpris:artUrl": .string("https://example.com/cover.png"),
    ])
    _ = mirror.record(
      [PlayerProperty.metadata.rawValue: metadata], of: MediaPlayerInterface.player.rawValue, replacing: true,
      at: .now)
    let notification = try #require(TrackNotification(of: mirror))
    #expect(notification.summary == "Rock & <Roll>", "the summary is plain text")
    #expect(notification.body == "A &lt;b&gt;, C — D &amp; E")
    #expect(notification.imagePath == nil)
    #expect(notification.appName == "org.mpris.MediaPlayer2.x", "no Identity: the bus name")
    #expect(notification.arguments(replacing: 3)[1] == .uint32(3))
  }
}
