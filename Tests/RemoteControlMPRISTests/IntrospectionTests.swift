import BusTestSupport
import Foundation
import FoundationXML
import RemoteControlMPRIS
import Testing

/// The exported interfaces have every MPRIS 2.2 member the player implements, with the spec's
/// types, access and `EmitsChangedSignal` annotations, as `gdbus introspect` sees them.
@Suite(.leavesNoChildProcesses) struct IntrospectionTests {
  /// name → (type, access, EmitsChangedSignal annotation or nil for the default "true").
  static let rootProperties: [String: (String, String, String?)] = [
    "CanQuit": ("b", "read", nil), "CanRaise": ("b", "read", nil), "HasTrackList": ("b", "read", nil),
    "Identity": ("s", "read", nil), "DesktopEntry": ("s", "read", nil),
    "SupportedUriSchemes": ("as", "read", nil), "SupportedMimeTypes": ("as", "read", nil),
  ]
  static let playerProperties: [String: (String, String, String?)] = [
    "PlaybackStatus": ("s", "read", nil), "LoopStatus": ("s", "readwrite", nil),
    "Rate": ("d", "readwrite", nil),
    "Shuffle": ("b", "readwrite", nil), "Metadata": ("a{sv}", "read", nil), "Volume": ("d", "readwrite", nil),
    "Position": ("x", "read", "false"), "MinimumRate": ("d", "read", nil), "MaximumRate": ("d", "read", nil),
    "CanGoNext": ("b", "read", nil), "CanGoPrevious": ("b", "read", nil), "CanPlay": ("b", "read", nil),
    "CanPause": ("b", "read", nil), "CanSeek": ("b", "read", nil), "CanControl": ("b", "read", "false"),
  ]
  static let playerMethods: [String: [String]] = [
    "Next": [], "Previous": [], "Pause": [], "PlayPause": [], "Stop": [], "Play": [],
    "Seek": ["x Offset"], "SetPosition": ["o TrackId", "x Position"], "OpenUri": ["s Uri"],
  ]

  @Test @MainActor func interfacesHaveTheSpecsMembersTypesAndAnnotations() async throws {
    try await withPlayer(configure: { $0.desktopEntry = "test" }) { player in
      let result = try await player.bus.gdbus(
        "introspect", "--dest", player.busName, "--object-path", "/org/mpris/MediaPlayer2", "--xml")
      #expect(result.succeeded, "\(result)")
      let document = try XMLDocument(xmlString: result.output)
      func interface(_ name: String) throws -> XMLElement {
        let nodes = try document.nodes(forXPath: "/node/interface[@name='\(name)']")
        return try #require(nodes.first as? XMLElement, "\(name) is exported")
      }
      for (name, expected) in [(MPRIS.root, Self.rootProperties), (MPRIS.player, Self.playerProperties)] {
        let element = try interface(name)
        for (property, (type, access, emits)) in expected {
          let node = try #require(
            try element.nodes(forXPath: "property[@name='\(property)']").first as? XMLElement,
            "\(name).\(property)")
          #expect(node.attribute(forName: "type")?.stringValue == type, "\(property) type")
          #expect(node.attribute(forName: "access")?.stringValue == access, "\(property) access")
          let annotation = try node.nodes(
            forXPath: "annotation[@name='org.freedesktop.DBus.Property.EmitsChangedSignal']/@value"
          ).first?.stringValue
          #expect(annotation == emits, "\(property) EmitsChangedSignal")
        }
      }
      let root = try interface(MPRIS.root)
      #expect(try root.nodes(forXPath: "method[@name='Raise']").count == 1)
      #expect(try root.nodes(forXPath: "method[@name='Quit']").count == 1)
      let playerInterface = try interface(MPRIS.player)
      for (method, arguments) in Self.playerMethods {
        let node = try #require(
          try playerInterface.nodes(forXPath: "method[@name='\(method)']").first as? XMLElement)
        let found = (node.elements(forName: "arg")).map {
          "\($0.attribute(forName: "type")?.stringValue ?? "") \($0.attribute(forName: "name")?.stringValue ?? "")"
        }
        #expect(found == arguments, "\(method) arguments")
      }
      let seeked = try #require(
        try playerInterface.nodes(forXPath: "signal[@name='Seeked']/arg").first as? XMLElement)
      #expect(seeked.attribute(forName: "type")?.stringValue == "x")
      #expect(seeked.attribute(forName: "name")?.stringValue == "Position")
    }
  }

  @Test @MainActor func busctlSeesBothInterfacesAtTheMPRISPath() async throws {
    try await withPlayer { player in
      let result = try await player.bus.busctl("introspect", player.busName, "/org/mpris/MediaPlayer2")
      #expect(result.succeeded, "\(result)")
      #expect(result.output.contains(MPRIS.root + " "))
      #expect(result.output.contains(MPRIS.player + " "))
      #expect(!result.output.contains("org.mpris.MediaPlayer2.TrackList"), "the core has no queue to publish")
    }
  }
}
