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
  var methods: [Method] = []
  var properties: [Property] = []
  var signals: [Signal] = []
}
