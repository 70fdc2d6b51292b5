import BusTestSupport
import DBus
import Foundation
import FoundationXML
import RemoteControl
import RemoteControlMPRIS
import Testing

/// The property declarations, the one MPRIS table that the player's interfaces, the hub's
/// forwarding descriptions and remotectl's conformance check derive from, are what a real player
/// of ours introspects as (`gdbus introspect`): every property it exports is declared with its
/// type, access and `EmitsChangedSignal`, and every declared one is exported but the optional
/// ones it does not implement.
@Suite(.leavesNoChildProcesses) struct PropertyDeclarationTests {
  /// What the introspection data says of one property.
  struct Introspected: Equatable, CustomStringConvertible {
    var type: String
    var access: String
    /// `EmitsChangedSignal`, `true` when the annotation is absent.
    var emitsChangedSignal: String

    init(type: String, access: String, emitsChangedSignal: String) {
      self.type = type
      self.access = access
      self.emitsChangedSignal = emitsChangedSignal
    }

    /// What `declaration` says the introspection data must say.
    init(_ declaration: PropertyDeclaration) {
      type = declaration.signature.rawValue
      access = declaration.isWritable ? "readwrite" : "read"
      emitsChangedSignal =
        switch declaration.change {
        case .emitsChange: "true"
        case .invalidates: "invalidates"
        case .const: "const"
        case .none: "false"
        }
    }

    var description: String { "\(type) \(access) EmitsChangedSignal=\(emitsChangedSignal)" }
  }

  /// The optional properties this package's player does not implement: it has no fullscreen.
  static let notImplemented: Set<String> = [
    RootProperty.fullscreen.rawValue, RootProperty.canSetFullscreen.rawValue,
  ]

  @Test @MainActor func `every interface's declarations are what a player of ours introspects as`()
    async throws
  {
    try await withPlayerExportingEveryInterface(configure: { $0.desktopEntry = "test" }) { player in
      try await Self.expectDeclarations(RootProperty.self, of: player)
      try await Self.expectDeclarations(PlayerProperty.self, of: player)
      try await Self.expectDeclarations(TrackListProperty.self, of: player)
      try await Self.expectDeclarations(PlaylistsProperty.self, of: player)
      try await Self.expectDeclarations(RemoteControlProperty.self, of: player)
    }
  }

  /// Compares the properties `player` exports on `Property`'s interface with their declarations.
  @MainActor static func expectDeclarations<Property: MediaPlayerProperty>(
    _: Property.Type, of player: TestPlayer
  ) async throws {
    let interface = Property.interface
    let result = try await player.bus.gdbus(
      "introspect", "--dest", player.busName, "--object-path", interface.objectPath, "--xml")
    #expect(result.succeeded, "\(result)")
    let document = try XMLDocument(xmlString: result.output)
    let nodes = try document.nodes(forXPath: "/node/interface[@name='\(interface.rawValue)']/property")
    var exported: [String: Introspected] = [:]
    for case let node as XMLElement in nodes {
      let name = try #require(node.attribute(forName: "name")?.stringValue)
      let annotation = try node.nodes(
        forXPath: "annotation[@name='org.freedesktop.DBus.Property.EmitsChangedSignal']/@value"
      ).first?.stringValue
      exported[name] = Introspected(
        type: node.attribute(forName: "type")?.stringValue ?? "",
        access: node.attribute(forName: "access")?.stringValue ?? "",
        emitsChangedSignal: annotation ?? "true")
    }
    #expect(!exported.isEmpty, "\(interface.rawValue) is exported")
    let declared = Dictionary(uniqueKeysWithValues: Property.declarations.map { ($0.name, $0) })
    for (name, introspected) in exported.sorted(by: { $0.key < $1.key }) {
      let declaration = try #require(
        declared[name], "\(interface.rawValue).\(name) is exported but not declared")
      #expect(declaration.interface == interface)
      #expect(
        Introspected(declaration) == introspected,
        "\(interface.rawValue).\(name): declared \(Introspected(declaration)), exported \(introspected)")
    }
    let missing = Set(declared.keys).subtracting(exported.keys)
    #expect(missing == Set(declared.keys).intersection(notImplemented), "\(interface.rawValue): not exported")
    for name in missing {
      #expect(declared[name]?.isRequired == false, "\(name) is required but not exported")
    }
  }
}
