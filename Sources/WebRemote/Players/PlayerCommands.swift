package import DBus

/// Where the web remote sends the user's commands to players; `remotectld` provides it.
///
/// The hub sends every user's command, from the web remote as from its other controllers, along
/// one path that records it for its Now Playing rule (a command is activity) and its audio
/// session (a press of play or pause during a call is not undone when the call ends). The web
/// remote hands its commands over here, so that a press on the page means what the same press
/// means anywhere else. Without one (a web remote run on its own), commands go straight to the
/// player on the view's connection.
package protocol PlayerCommands: Sendable {
  /// Sends the method `member` of `interface` at `path`, with `arguments`, to the player whose
  /// connection is `player` (`:1.42`), and hands the player's reply, or its error (a timeout's
  /// when it did not answer within `timeout`), to `answered` on the view's connection's thread,
  /// when the reply comes in. A property write is the method `Set` of
  /// `org.freedesktop.DBus.Properties`.
  ///
  /// Nothing hops through a task: a press is answered on the thread that took in the reply.
  func send(
    to player: BusName, path: ObjectPath, interface: String, member: String, arguments: [Value],
    timeout: Duration, answered: @escaping @Sendable (Result<[Value], BusError>) -> Void)
}

/// Commands sent straight to the player on a connection: a web remote without a hub, which has
/// nothing to record them for.
struct DirectPlayerCommands: PlayerCommands {
  /// The view's connection.
  let connection: Connection

  func send(
    to player: BusName, path: ObjectPath, interface: String, member: String, arguments: [Value],
    timeout: Duration, answered: @escaping @Sendable (Result<[Value], BusError>) -> Void
  ) {
    connection.call(
      destination: player, path: path, interface: interface, member: member, arguments: arguments,
      timeout: timeout, completion: answered)
  }
}
