import DBus
import RemoteControl

/// The adapter of the `org.mpris.MediaPlayer2` interface: who the player is, and `Raise` and
/// `Quit`, over the application's command center.
enum MediaPlayer2Interface {
  /// `org.mpris.MediaPlayer2`.
  static let name = "org.mpris.MediaPlayer2"

  /// The interface, reading `state` and delivering events with `dispatcher`.
  static func make(state: MediaPlayerState, dispatcher: EventDispatcher) -> Interface {
    let configuration = state.configuration
    var properties: [Interface.Property] = [
      // CanQuit: the quit command is enabled.
      Interface.Property(RootProperty.canQuit.rawValue, "b") { .bool(state.root.canQuit) },
      // CanRaise: the raise command is enabled.
      Interface.Property(RootProperty.canRaise.rawValue, "b") { .bool(state.root.canRaise) },
      // HasTrackList: the core has no queue to publish yet.
      Interface.Property("HasTrackList", "b") { .bool(false) },
      Interface.Property("Identity", "s") { .string(configuration.identity) },
      Interface.Property("SupportedUriSchemes", "as") { .strings(configuration.supportedURISchemes) },
      Interface.Property("SupportedMimeTypes", "as") { .strings(configuration.supportedMIMETypes) },
    ]
    if let desktopEntry = configuration.desktopEntry {
      properties.append(Interface.Property("DesktopEntry", "s") { .string(desktopEntry) })
    }
    return Interface(
      name: name,
      methods: [
        // Raise: does nothing when CanRaise is false.
        Interface.Method("Raise") { call in
          guard state.root.canRaise else { return call.reply() }
          dispatcher.deliver(.raise, answering: call)
        },
        // Quit: does nothing when CanQuit is false.
        Interface.Method("Quit") { call in
          guard state.root.canQuit else { return call.reply() }
          dispatcher.deliver(.quit, answering: call)
        },
      ],
      properties: properties)
  }
}
