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
        Interface.Method(RootMethod.raise) { call in
          guard state.read({ $0.canRaise }) else { return call.reply() }
          dispatcher.deliver(.raise, answering: call)
        },
        // Quit: does nothing when CanQuit is false.
        Interface.Method(RootMethod.quit) { call in
          guard state.read({ $0.canQuit }) else { return call.reply() }
          dispatcher.deliver(.quit, answering: call)
        },
      ],
      properties: state.interfaceProperties(.root, dispatcher: dispatcher))
  }

  /// The properties of `org.mpris.MediaPlayer2`, one entry each. `DesktopEntry` is there only
  /// when the configuration names one.
  static func propertyTable(for configuration: MediaPlayerConfiguration) -> PropertyTable {
    /// A property computed from the model, whose changes are announced.
    func property(
      _ name: RootProperty, _ value: @escaping @Sendable (MediaPlayerModel) -> Value
    ) -> PropertyTable.Entry {
      PropertyTable.Entry(name, value: value)
    }
    /// A property fixed by the configuration.
    func fixed(_ name: RootProperty, _ value: Value) -> PropertyTable.Entry {
      PropertyTable.Entry(name, fixed: value)
    }
    var entries = [
      property(.canQuit) { .bool($0.canQuit) },
      property(.canRaise) { .bool($0.canRaise) },
      // HasTrackList: the app provides a queue.
      property(.hasTrackList) { .bool($0.hasTrackList) },
      fixed(.identity, .string(configuration.identity)),
      fixed(.supportedURISchemes, .strings(configuration.supportedURISchemes)),
      fixed(.supportedMIMETypes, .strings(configuration.supportedMIMETypes)),
    ]
    if let desktopEntry = configuration.desktopEntry {
      entries.append(fixed(.desktopEntry, .string(desktopEntry)))
    }
    return PropertyTable(interface: .root, entries: entries)
  }
}
