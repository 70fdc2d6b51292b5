import DBus
import RemoteControl

/// The adapter of the `org.mpris.MediaPlayer2` interface: who the player is, and `Raise` and
/// `Quit`, over the application's command center. Its properties come from its table
/// (``propertyTable(for:)``).
enum MediaPlayer2Interface {
  /// The interface, reading `state` and delivering events with `dispatcher`.
  static func make(state: MediaPlayerState, dispatcher: EventDispatcher) -> Interface {
    Interface(
      name: MediaPlayerInterface.root.rawValue,
      methods: [
        // Raise: does nothing when CanRaise is false.
        Interface.Method("Raise") { call in
          guard state.read({ $0.canRaise }) else { return call.reply() }
          dispatcher.deliver(.raise, answering: call)
        },
        // Quit: does nothing when CanQuit is false.
        Interface.Method("Quit") { call in
          guard state.read({ $0.canQuit }) else { return call.reply() }
          dispatcher.deliver(.quit, answering: call)
        },
      ],
      properties: state.interfaceProperties(.root, dispatcher: dispatcher))
  }

  /// The properties of `org.mpris.MediaPlayer2`, one entry each. `DesktopEntry` is there only
  /// when the configuration names one.
  static func propertyTable(for configuration: MediaPlayerConfiguration) -> PropertyTable {
    /// A property whose changes are announced.
    func property(
      _ name: RootProperty, _ signature: Signature, _ value: @escaping @Sendable (MediaPlayerModel) -> Value
    )
      -> PropertyTable.Entry
    {
      PropertyTable.Entry(name.rawValue, signature, value: value)
    }
    var entries = [
      property(.canQuit, "b") { .bool($0.canQuit) },
      property(.canRaise, "b") { .bool($0.canRaise) },
      // HasTrackList: the core has no queue to publish yet.
      property(.hasTrackList, "b") { _ in .bool(false) },
      property(.identity, "s") { .string($0.configuration.identity) },
      property(.supportedURISchemes, "as") { .strings($0.configuration.supportedURISchemes) },
      property(.supportedMIMETypes, "as") { .strings($0.configuration.supportedMIMETypes) },
    ]
    if let desktopEntry = configuration.desktopEntry {
      entries.append(property(.desktopEntry, "s") { _ in .string(desktopEntry) })
    }
    return PropertyTable(interface: .root, entries: entries)
  }
}
