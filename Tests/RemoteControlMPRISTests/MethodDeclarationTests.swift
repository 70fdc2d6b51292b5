import BusTestSupport
import DBus
import Foundation
import FoundationXML
import RemoteControl
import RemoteControlMPRIS
import Testing

/// The method declarations, the one MPRIS table that the player's interfaces, the hub's
/// forwarding descriptions, its command path and every caller derive from, are what a real
/// player of ours introspects as (`gdbus introspect`): it exports exactly the declared methods
/// of each interface, with the declared argument and result types and names.
@Suite(.leavesNoChildProcesses) struct MethodDeclarationTests {
  /// What the introspection data says of one method: its arguments and results, `type name` each.
  struct Introspected: Equatable, CustomStringConvertible {
    var arguments: [String]
    var results: [String]

    init(arguments: [String], results: [String]) {
      self.arguments = arguments
      self.results = results
    }

    /// What `declaration` says the introspection data must say.
    init(_ declaration: MethodDeclaration) {
      arguments = Self.pairs(declaration.inSignature, declaration.inNames)
      results = Self.pairs(declaration.outSignature, declaration.outNames)
    }

    /// `type name` for each complete type of `signature` and its name.
    static func pairs(_ signature: Signature, _ names: [String]) -> [String] {
      let types = signature.completeTypes
      #expect(types.count == names.count, "\(signature) has \(types.count) types for \(names)")
      return zip(types, names).map { "\($0.rawValue) \($1)" }
    }

    var description: String {
      "(\(arguments.joined(separator: ", "))) → (\(results.joined(separator: ", ")))"
    }
  }

  @Test @MainActor func `every interface exports exactly its declared methods with their signatures`()
    async throws
  {
    try await withPlayerExportingEveryInterface { player in
      try await Self.expectDeclarations(RootMethod.self, of: player)
      try await Self.expectDeclarations(PlayerMethod.self, of: player)
      try await Self.expectDeclarations(TrackListMethod.self, of: player)
      try await Self.expectDeclarations(PlaylistsMethod.self, of: player)
      try await Self.expectDeclarations(RemoteControlMethod.self, of: player)
    }
  }

  @Test
  func
    `the playback presses are Play, Pause, PlayPause and Stop, and Play and PlayPause bring back the last app`()
  {
    let all =
      RootMethod.declarations + PlayerMethod.declarations + TrackListMethod.declarations
      + PlaylistsMethod.declarations + RemoteControlMethod.declarations
    #expect(Set(all.filter(\.isPlaybackPress).map(\.name)) == ["Play", "Pause", "PlayPause", "Stop"])
    #expect(Set(all.filter(\.bringsBackTheLastApp).map(\.name)) == ["Play", "PlayPause"])
    #expect(all.allSatisfy { !$0.bringsBackTheLastApp || $0.isPlaybackPress })
  }

  @Test func `each of the player's commands is one method`() {
    #expect(PlayerMethod(RemoteCommandKind.togglePlayPause) == .playPause)
    #expect(PlayerMethod(RemoteCommandKind.nextTrack) == .next)
    #expect(PlayerMethod(RemoteCommandKind.previousTrack) == .previous)
    #expect(PlayerMethod(RemoteCommandKind.like) == nil)
    #expect(RemoteControlMethod(RemoteCommandKind.like) == .like)
    let commands = PlayerMethod.declarations.compactMap(\.command)
    #expect(Set(commands).count == commands.count, "no two Player methods are one command")
  }

  /// Compares the methods `player` exports on `Method`'s interface with their declarations.
  @MainActor static func expectDeclarations<Method: MediaPlayerMethod>(
    _: Method.Type, of player: TestPlayer
  ) async throws {
    let interface = Method.interface
    let result = try await player.bus.gdbus(
      "introspect", "--dest", player.busName, "--object-path", interface.objectPath, "--xml")
    #expect(result.succeeded, "\(result)")
    let document = try XMLDocument(xmlString: result.output)
    let nodes = try document.nodes(forXPath: "/node/interface[@name='\(interface.rawValue)']/method")
    var exported: [String: Introspected] = [:]
    for case let node as XMLElement in nodes {
      let name = try #require(node.attribute(forName: "name")?.stringValue)
      var arguments: [String] = []
      var results: [String] = []
      for argument in node.elements(forName: "arg") {
        let pair =
          "\(argument.attribute(forName: "type")?.stringValue ?? "") \(argument.attribute(forName: "name")?.stringValue ?? "")"
        if argument.attribute(forName: "direction")?.stringValue == "out" {
          results.append(pair)
        } else {
          arguments.append(pair)
        }
      }
      exported[name] = Introspected(arguments: arguments, results: results)
    }
    #expect(
      Set(exported.keys) == Set(Method.allCases.map(\.rawValue)),
      "\(interface.rawValue): exported \(exported.keys.sorted())")
    for declaration in Method.declarations {
      #expect(declaration.interface == interface)
      #expect(
        exported[declaration.name] == Introspected(declaration),
        "\(interface.rawValue).\(declaration.name): declared \(Introspected(declaration)), exported \(exported[declaration.name].map(\.description) ?? "nothing")"
      )
    }
  }
}
