import DBus

/// One interface the proxy player serves by forwarding to the active player: its methods,
/// properties and signals, and the value each property reads when no player can answer it.
///
/// MPRIS's `org.mpris.MediaPlayer2` and `org.mpris.MediaPlayer2.Player` are fixed (served even
/// with no player); every other interface is read from the active player's introspection data.
struct ForwardedInterface: Sendable, Hashable {
  /// A method: forwarded with the caller's arguments, its reply or error passed back.
  struct Method: Sendable, Hashable {
    var name: String
    var inSignature: Signature = .empty
    var outSignature: Signature = .empty
    var inNames: [String] = []
    var outNames: [String] = []
  }

  /// A property: read from the mirror of the active player, written by forwarding `Set`.
  struct Property: Sendable, Hashable {
    var name: String
    var signature: Signature
    var isWritable = false
    var change: Interface.Property.ChangeBehavior = .emitsChange
    /// What it reads when the active player has not given a value of the right type, or there
    /// is no player.
    var fallback: Value

    /// Whether it may appear in PropertiesChanged.
    var isAnnounced: Bool { change == .emitsChange || change == .invalidates }
  }

  /// A signal: re-emitted when the active player sends it.
  struct Signal: Sendable, Hashable {
    var name: String
    var signature: Signature = .empty
    var argumentNames: [String] = []
  }

  /// The interface name, such as `org.mpris.MediaPlayer2.TrackList`.
  var name: String
  /// The object it is served at: the MPRIS path, or one of its child objects.
  var path: ObjectPath = HubNames.path
  var methods: [Method] = []
  var properties: [Property] = []
  var signals: [Signal] = []

  /// What the proxy keeps it by: the name alone at the MPRIS path, the path and the name at a
  /// child object.
  var key: String { Self.key(name, at: path) }

  /// The key of interface `name` at `path`.
  static func key(_ name: String, at path: ObjectPath) -> String {
    path == HubNames.path ? name : "\(path.rawValue) \(name)"
  }

  /// Whether the proxy announces its property changes: everywhere but at the MPRIS path, where
  /// only MPRIS's two interfaces are. playerctld watches the proxy's MPRIS name and aborts on a
  /// PropertiesChanged of an interface it does not know at the MPRIS path (playerctl#268), so a
  /// vendor interface served there is forwarded (calls, reads, writes, signals) but its changes
  /// are not announced: controllers read it again instead.
  var announcesChanges: Bool {
    path != HubNames.path || name == ProxyNames.rootInterface || name == ProxyNames.playerInterface
  }
}
