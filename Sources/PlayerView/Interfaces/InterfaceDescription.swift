package import DBus
package import RemoteControlMPRIS

/// One interface a player serves, as its introspection data describes it: its methods,
/// properties and signals, and the value each property reads when the player gave none.
///
/// MPRIS's `org.mpris.MediaPlayer2` and `org.mpris.MediaPlayer2.Player` are fixed (``root`` and
/// ``player``); every other interface is read from the player's introspection data. The proxy
/// player serves these descriptions by forwarding to the active player.
package struct InterfaceDescription: Sendable, Hashable {
  /// A method: the proxy forwards it with the caller's arguments and passes back the reply.
  package struct Method: Sendable, Hashable {
    package var name: String
    package var inSignature: Signature = .empty
    package var outSignature: Signature = .empty
    package var inNames: [String] = []
    package var outNames: [String] = []

    /// Describes a method.
    package init(
      name: String, inSignature: Signature = .empty, outSignature: Signature = .empty, inNames: [String] = [],
      outNames: [String] = []
    ) {
      self.name = name
      self.inSignature = inSignature
      self.outSignature = outSignature
      self.inNames = inNames
      self.outNames = outNames
    }

    /// Describes a method as RemoteControlMPRIS declares it.
    package init(_ declaration: MethodDeclaration) {
      self.init(
        name: declaration.name, inSignature: declaration.inSignature, outSignature: declaration.outSignature,
        inNames: declaration.inNames, outNames: declaration.outNames)
    }
  }

  /// A property: read from the player's mirror; the proxy forwards writes as `Set`.
  package struct Property: Sendable, Hashable {
    package var name: String
    package var signature: Signature
    package var isWritable = false
    package var change: Interface.Property.ChangeBehavior = .emitsChange
    /// What it reads when the active player has not given a value of the right type, or there
    /// is no player.
    package var fallback: Value

    /// Describes a property.
    package init(
      name: String, signature: Signature, isWritable: Bool = false,
      change: Interface.Property.ChangeBehavior = .emitsChange, fallback: Value
    ) {
      self.name = name
      self.signature = signature
      self.isWritable = isWritable
      self.change = change
      self.fallback = fallback
    }

    /// Describes a property as RemoteControlMPRIS declares it; it reads `fallback`, by default
    /// the empty value of its type, when the player gave none.
    package init(_ declaration: PropertyDeclaration, fallback: Value? = nil) {
      self.init(
        name: declaration.name, signature: declaration.signature, isWritable: declaration.isWritable,
        change: declaration.change, fallback: fallback ?? .zero(of: declaration.signature))
    }

    /// Whether it may appear in PropertiesChanged.
    package var isAnnounced: Bool { change == .emitsChange || change == .invalidates }
  }

  /// A signal: the proxy re-emits it when the active player sends it.
  package struct Signal: Sendable, Hashable {
    package var name: String
    package var signature: Signature = .empty
    package var argumentNames: [String] = []

    /// Describes a signal.
    package init(name: String, signature: Signature = .empty, argumentNames: [String] = []) {
      self.name = name
      self.signature = signature
      self.argumentNames = argumentNames
    }
  }

  /// The interface name, such as `org.mpris.MediaPlayer2.TrackList`.
  package var name: String
  /// The object it is served at: the MPRIS path, or one of its child objects.
  package var path: ObjectPath = ObjectPath.mediaPlayer
  package var methods: [Method] = []
  package var properties: [Property] = []
  package var signals: [Signal] = []

  /// Describes an interface.
  package init(
    name: String, path: ObjectPath = .mediaPlayer, methods: [Method] = [], properties: [Property] = [],
    signals: [Signal] = []
  ) {
    self.name = name
    self.path = path
    self.methods = methods
    self.properties = properties
    self.signals = signals
  }

  /// What a mirror keeps its properties by: the name alone at the MPRIS path, the path and the
  /// name at a child object.
  package var key: String { Self.key(name, at: path) }

  /// The key of interface `name` at `path`.
  package static func key(_ name: String, at path: ObjectPath) -> String {
    path == ObjectPath.mediaPlayer ? name : "\(path.rawValue) \(name)"
  }

  /// Whether the proxy announces its property changes: everywhere but at the MPRIS path, where
  /// only MPRIS's two interfaces are. playerctld watches the proxy's MPRIS name and aborts on a
  /// PropertiesChanged of an interface it does not know at the MPRIS path (playerctl#268), so a
  /// vendor interface served there is forwarded (calls, reads, writes, signals) but its changes
  /// are not announced: controllers read it again instead.
  package var announcesChanges: Bool {
    path != .mediaPlayer || name == MediaPlayerInterface.root.rawValue
      || name == MediaPlayerInterface.player.rawValue
  }
}
