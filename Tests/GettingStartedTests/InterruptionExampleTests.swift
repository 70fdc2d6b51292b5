import BusTestSupport
import Foundation
import RemoteControl
import RemoteControlMPRIS
import RemoteControlMPRISTesting
import Testing

/// The porting article's interruption example is `EpisodePlayer.swift`, whole: these tests keep
/// the two the same and run it over a private bus, driven as a hub drives a player (busctl
/// calling the extension interface). Each check comes right after a call's reply: a call is
/// answered once the app's main-actor observers have run, so nothing here waits or polls.
@Suite(
  "Getting started: the porting article's interruptions", .serialized, .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
@MainActor
struct InterruptionExampleTests {
  /// The article, from the package's root.
  static let article = "Sources/RemoteControl/RemoteControl.docc/PortingFromIOS.md"
  /// The heading the example follows in the article.
  static let heading = "#### Interruptions and unplugged headphones"
  /// The extension interface, where a hub posts interruptions and route changes.
  static let interface = "io.github.swift_remote_control.RemoteControl1"

  @Test("The porting article's interruption example is EpisodePlayer.swift, character for character")
  func articleShowsTheExample() throws {
    let root = PodcastsExampleTests.root
    let text = try String(contentsOf: root.appendingPathComponent(Self.article), encoding: .utf8)
    let example = try String(
      contentsOf: root.appendingPathComponent("Tests/GettingStartedTests/EpisodePlayer.swift"),
      encoding: .utf8)
    let snippet = try #require(
      PodcastsExampleTests.codeBlock(after: Self.heading, in: text),
      "the article has the heading and a swift block after it")
    #expect(
      snippet == example, "update \(Self.article) and Tests/GettingStartedTests/EpisodePlayer.swift together")
  }

  @Test(
    "A call begun over the bus pauses the episode before its reply, and its end with should-resume resumes it"
  )
  func callPausesBeforeTheReplyAndItsEndResumes() async throws {
    let application = Application()
    let episode = EpisodePlayer(application: application)
    application.beginReceivingRemoteControlEvents()
    try await withPrivateSessionBus { bus in
      let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
      try await player.client.play()
      #expect(episode.isPlaying)

      try await call(player, on: bus, "BeginInterruption")
      #expect(!episode.isPlaying, "the observer paused the episode before the call's reply")
      #expect(application.nowPlayingInfoCenter.playbackState == .interrupted)
      #expect(try await player.client.state().playbackStatus == .paused)

      try await call(player, on: bus, "EndInterruption", "b", "true")
      #expect(episode.isPlaying, "the observer resumed what the call paused before the reply")
      #expect(application.nowPlayingInfoCenter.playbackState == .playing)
      #expect(try await player.client.state().playbackStatus == .playing)
    }
  }

  @Test("A pause the user presses during the call is kept when the call ends with should-resume")
  func userPauseDuringTheCallIsKept() async throws {
    let application = Application()
    let episode = EpisodePlayer(application: application)
    application.beginReceivingRemoteControlEvents()
    try await withPrivateSessionBus { bus in
      let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
      try await player.client.play()
      try await call(player, on: bus, "BeginInterruption")
      #expect(!episode.isPlaying)

      try await player.client.pause()
      try await call(player, on: bus, "EndInterruption", "b", "true")
      #expect(!episode.isPlaying, "the user's pause wins over should-resume")
      #expect(application.nowPlayingInfoCenter.playbackState == .paused)
      #expect(try await player.client.state().playbackStatus == .paused)
    }
  }

  @Test("A call that ends without should-resume leaves the episode paused")
  func endWithoutShouldResumeLeavesItPaused() async throws {
    let application = Application()
    let episode = EpisodePlayer(application: application)
    application.beginReceivingRemoteControlEvents()
    try await withPrivateSessionBus { bus in
      let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
      try await player.client.play()
      try await call(player, on: bus, "BeginInterruption")
      try await call(player, on: bus, "EndInterruption", "b", "false")
      #expect(!episode.isPlaying)
      #expect(application.nowPlayingInfoCenter.playbackState == .paused)
    }
  }

  @Test("Unplugged headphones pause the episode before the route change's reply")
  func lostOutputPauses() async throws {
    let application = Application()
    let episode = EpisodePlayer(application: application)
    application.beginReceivingRemoteControlEvents()
    try await withPrivateSessionBus { bus in
      let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
      try await player.client.play()
      try await call(player, on: bus, "RouteChanged", "s", "oldDeviceUnavailable")
      #expect(!episode.isPlaying)
      #expect(application.nowPlayingInfoCenter.playbackState == .paused)
    }
  }

  /// Calls `method` of the player's extension interface with busctl, a client of its own, as a
  /// hub calls it, and requires a successful reply.
  func call(
    _ player: RunningMediaPlayer, on bus: PrivateSessionBus, _ method: String, _ arguments: String...
  ) async throws {
    let result = try await ChildProcess.run(
      "busctl",
      [
        "--user", "call", player.identity.busName, MediaPlayerInterface.remoteControlObjectPath,
        Self.interface,
        method,
      ] + arguments,
      environment: bus.environment)
    try #require(result.succeeded, "\(result)")
  }
}
