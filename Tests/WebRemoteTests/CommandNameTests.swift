import RemoteControl
import RemoteControlMPRIS
import Testing

@testable import WebRemote

/// The web remote's command names derive what they are from the command center's and
/// RemoteControlMPRIS's declarations: no name is mapped to an MPRIS method by hand.
@Suite("The web remote's command names")
struct CommandNameTests {
  @Test func `the argument-less playback commands are the MPRIS player methods of the same command`() {
    let methods = Dictionary(
      uniqueKeysWithValues: CommandName.allCases.compactMap { name in name.playerMethod.map { (name, $0) } })
    #expect(
      methods == [
        .play: .play, .pause: .pause, .togglePlayPause: .playPause, .stop: .stop, .nextTrack: .next,
        .previousTrack: .previous,
      ])
  }

  @Test func `only the API's own names are no command center command`() {
    #expect(CommandName.allCases.filter { $0.kind == nil } == [.seek, .volume, .loop, .shuffle, .select])
    #expect(CommandName.like.kind == .like)
    #expect(CommandName.skipBackward.kind == .skipBackward)
  }
}
