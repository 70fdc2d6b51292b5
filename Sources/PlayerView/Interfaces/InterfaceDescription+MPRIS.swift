import DBus
import RemoteControlMPRIS

extension InterfaceDescription {
  /// `org.mpris.MediaPlayer2`, its methods and properties as RemoteControlMPRIS declares them, with what
  /// they read without a player.
  package static let root = InterfaceDescription(
    name: MediaPlayerInterface.root.rawValue,
    methods: RootMethod.declarations.map(Method.init),
    properties: RootProperty.allCases.map { property -> Property in
      switch property {
      case .identity: Property(property.declaration, fallback: .string("remotectld (no player)"))
      default: Property(property.declaration)
      }
    })

  /// `org.mpris.MediaPlayer2.Player`, its methods and properties as RemoteControlMPRIS declares them, with
  /// what they read without a player: Stopped, no track, every `Can*` false, rates and volume 1.
  /// `Position` is never announced: it is computed on each read.
  package static let player = InterfaceDescription(
    name: MediaPlayerInterface.player.rawValue,
    methods: PlayerMethod.declarations.map(Method.init),
    properties: PlayerProperty.allCases.map { property -> Property in
      switch property {
      case .playbackStatus: Property(property.declaration, fallback: .string(PlaybackStatus.stopped.rawValue))
      case .loopStatus: Property(property.declaration, fallback: .string(LoopStatus.none.rawValue))
      case .rate, .volume, .minimumRate, .maximumRate: Property(property.declaration, fallback: .double(1))
      default: Property(property.declaration)
      }
    },
    signals: [Signal(name: PlayerSignal.seeked.rawValue, signature: "x", argumentNames: ["Position"])])
}

extension InterfaceDescription {
  /// The interfaces a mirror does not keep as a player's own: D-Bus's (every object has them)
  /// and MPRIS's two (``root`` and ``player``, always known).
  package static let standard: Set<String> = [
    StandardInterface.properties, StandardInterface.introspectable, StandardInterface.peer,
    StandardInterface.objectManager, MediaPlayerInterface.root.rawValue,
    MediaPlayerInterface.player.rawValue,
  ]
}
