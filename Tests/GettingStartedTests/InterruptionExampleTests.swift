import BusTestSupport
import Foundation
import RemoteControl
import RemoteControlMPRIS
import RemoteControlMPRISTesting
import Testing

/// The porting article's interruption example is `EpisodePlayer.swift`, whole: these tests keep
/// the two the same and run it over a private bus, driven as a hub drives a player (calling the
/// extension interface's `BeginInterruption`, `EndInterruption` and `RouteChanged`). Each check
/// comes right after a call's reply: a call is answered once the app's main-actor observers have
/// run, so nothing here waits or polls.
@Suite(
  "Getting started: the porting article's interruptions", .serialized, .leavesNoChildProcesses,
  .timeLimit(.minutes(3)))
@MainActor
struct InterruptionExampleTests {
  /// The article, from the package's root.
  static let article = "Sources/RemoteControl/RemoteControl.docc/PortingFromIOS.md"
  /// The heading the example follows in the article.
  static let heading = "#### Interruptions and unplugged headphones"

  @Test("The porting article's interruption example is EpisodePlayer.swift, character for character")
  func articleShowsTheExample() throws {
    let root = PodcastsExampleTests.root
    let text = try String(contentsOf: root.appendingPathComponent(Self.article), encoding: .utf8)
    let example = try String(
      contentsOf: root.appendingPathComponent("Tests/GettingStartedTests/EpisodePlayer.swift"),
      encoding: .utf8)
    let snippet = try #require(
      Readme.firstSwiftBlock(after: Self.heading, in: text),
      "the article has the heading and a swift block after it")
    #expect(
      snippet == example, "update \(Self.article) and Tests/GettingStartedTests/EpisodePlayer.swift together")
  }

  /// Runs the example as a player on a private bus, playing, and `body` with it, its
  /// application and a client of it.
  func withPlayingEpisode(
    _ body: (EpisodePlayer, Application, RemotePlayer) async throws -> Void
  ) async throws {
    let application = Application()
    let episode = EpisodePlayer(application: application)
    application.beginReceivingRemoteControlEvents()
    try await withPrivateSessionBus { bus in
      let player = try await bus.runAsMediaPlayer(application, name: "podcasts", identity: "Podcasts")
      try await player.client.play()
      #expect(episode.isPlaying)
      try await body(episode, application, player.client)
    }
  }

  @Test(
    "A call begun over the bus pauses the episode before its reply, and its end with should-resume resumes it"
  )
  func callPausesBeforeTheReplyAndItsEndResumes() async throws {
    try await withPlayingEpisode { episode, application, client in
      try await client.callRemoteControl("BeginInterruption")
      #expect(!episode.isPlaying, "the observer paused the episode before the call's reply")
      #expect(application.nowPlayingInfoCenter.playbackState == .interrupted)
      #expect(try await client.state().playbackStatus == .paused)

      try await client.callRemoteControl("EndInterruption", [.bool(true)])
      #expect(episode.isPlaying, "the observer resumed what the call paused before the reply")
      #expect(application.nowPlayingInfoCenter.playbackState == .playing)
      #expect(try await client.state().playbackStatus == .playing)
    }
  }

  @Test("A pause the user presses during the call is kept when the call ends with should-resume")
  func userPauseDuringTheCallIsKept() async throws {
    try await withPlayingEpisode { episode, application, client in
      try await client.callRemoteControl("BeginInterruption")
      #expect(!episode.isPlaying)
      try await client.pause()
      try await client.callRemoteControl("EndInterruption", [.bool(true)])
      #expect(!episode.isPlaying, "the user's pause wins over should-resume")
      #expect(application.nowPlayingInfoCenter.playbackState == .paused)
      #expect(try await client.state().playbackStatus == .paused)
    }
  }

  @Test("A call that ends without should-resume leaves the episode paused")
  func endWithoutShouldResumeLeavesItPaused() async throws {
    try await withPlayingEpisode { episode, application, client in
      try await client.callRemoteControl("BeginInterruption")
      try await client.callRemoteControl("EndInterruption", [.bool(false)])
      #expect(!episode.isPlaying)
      #expect(application.nowPlayingInfoCenter.playbackState == .paused)
    }
  }

  @Test("Unplugged headphones pause the episode before the route change's reply")
  func lostOutputPauses() async throws {
    try await withPlayingEpisode { episode, application, client in
      try await client.callRemoteControl("RouteChanged", [.string("oldDeviceUnavailable")])
      #expect(!episode.isPlaying)
      #expect(application.nowPlayingInfoCenter.playbackState == .paused)
    }
  }
}
