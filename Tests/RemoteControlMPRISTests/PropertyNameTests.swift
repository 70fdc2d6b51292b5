import BusTestSupport
import Foundation
import FoundationXML
import RemoteControl
import RemoteControlMPRIS
import Testing

/// The typed names the client API and remotectl use are the names the player exports, no more
/// and no fewer (but the optional fullscreen ones): the player's property tables and the public
/// names cannot drift apart.
@Suite(.leavesNoChildProcesses) struct PropertyNameTests {
  @Test @MainActor func theExportedPropertiesAreExactlyTheTypedNames() async throws {
    try await withPlayer(configure: { $0.desktopEntry = "test" }) { player in
      func properties(of interface: MediaPlayerInterface) async throws -> Set<String> {
        let result = try await player.bus.run(
          "gdbus", "introspect", "--session", "--dest", player.busName, "--object-path",
          interface.objectPath, "--xml")
        #expect(result.succeeded, "\(result)")
        let document = try XMLDocument(xmlString: result.output)
        let nodes = try document.nodes(
          forXPath: "/node/interface[@name='\(interface.rawValue)']/property/@name")
        return Set(nodes.compactMap(\.stringValue))
      }
      // The extension interface is at its own object, a child of the MPRIS object.
      let rootNames = try await properties(of: .root)
      let playerNames = try await properties(of: .player)
      let remoteControlNames = try await properties(of: .remoteControl)
      // The player has no fullscreen mode: it leaves out the two optional fullscreen properties.
      let fullscreen: Set = [RootProperty.fullscreen, .canSetFullscreen]
      #expect(rootNames == Set(RootProperty.allCases.filter { !fullscreen.contains($0) }.map(\.rawValue)))
      #expect(playerNames == Set(PlayerProperty.allCases.map(\.rawValue)))
      #expect(remoteControlNames == Set(RemoteControlProperty.allCases.map(\.rawValue)))
    }
  }

  @Test @MainActor func aClientReadsTheStatusesTheModelPublishesAsTheSameTypes() async throws {
    try await withPlayer { player in
      player.application.commandCenter.changeRepeatModeCommand.currentRepeatType = .one
      player.application.nowPlayingInfoCenter.playbackState = .paused
      let bus = try await MediaPlayerBus.connect(address: player.bus.address)
      defer { bus.close() }
      let remote = bus.player(try #require(PlayerIdentity(busName: player.busName)))
      // The changes were made on the main actor before the read was sent: the player's state
      // took them in synchronously, so the first read sees them.
      let state = try await remote.state()
      #expect(state.loopStatus == .track)
      #expect(state.playbackStatus == .paused)
      #expect(state[.loopStatus] == .string(LoopStatus.track.rawValue))
      #expect(try await remote.property(.playbackStatus) == .string(PlaybackStatus.paused.rawValue))
    }
  }
}
