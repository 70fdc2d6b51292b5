extension RemoteControlEvent {
  /// Where a remote control event came from.
  public enum Source: Sendable, Hashable {
    /// An MPRIS controller on D-Bus; `sender` is the caller's unique bus name (`:1.42`).
    case mpris(sender: String)
    /// A command-line controller such as `remotectl`.
    case commandLine
    /// A web remote; `client` names the browser or connection when known.
    case web(client: String?)
    /// A key pressed in the app's own terminal or window.
    case keyboard
    /// The repeated steps of a held seek button (see ``ContinuousSeek``).
    case continuousSeek
    /// The app itself.
    case application
    /// A test.
    case test
    /// Any other source, by name.
    case other(String)
  }
}

extension RemoteControlEvent.Source: CustomStringConvertible {
  /// A short name: `mpris(:1.42)`, `commandLine`, `keyboard`…
  public var description: String {
    switch self {
    case .mpris(let sender): "mpris(\(sender))"
    case .commandLine: "commandLine"
    case .web(let client): client.map { "web(\($0))" } ?? "web"
    case .keyboard: "keyboard"
    case .continuousSeek: "continuousSeek"
    case .application: "application"
    case .test: "test"
    case .other(let name): name
    }
  }
}
