package import DBus

/// One MPRIS player, seen from a controller: its methods, properties and signals.
///
/// Every method mirrors a member of `org.mpris.MediaPlayer2` or `org.mpris.MediaPlayer2.Player`
/// at `/org/mpris/MediaPlayer2` (the extension interface's at its child object
/// `/org/mpris/MediaPlayer2/RemoteControl`); errors the player answers are thrown as
/// ``ClientError``s.
public struct RemotePlayer: Sendable {
  /// The object path of every MPRIS player.
  public static let objectPath = MediaPlayerInterface.objectPath
  /// The root interface: `Raise`, `Quit`, `Identity`, `CanQuit`…
  public static let rootInterface = MediaPlayerInterface.root.rawValue
  /// The player interface: `Play`, `Seek`, `PlaybackStatus`, `Metadata`…
  public static let playerInterface = MediaPlayerInterface.player.rawValue
  /// The standard properties interface.
  public static let propertiesInterface = StandardInterface.properties

  /// Which player.
  public let identity: PlayerIdentity
  let bus: MediaPlayerBus
  /// What sends this player's method calls, each at the object its interface lives at, in its
  /// stead (the Now Playing hub's command path, for remotectl); `nil`, or a relay that answers
  /// `nil`, calls the player itself.
  package var relay: Relay?

  /// Sends a method call (`interface`, `member`, `arguments`, `timeout`) on the player's behalf:
  /// the player's reply or error, or `nil` when it did not send it.
  package typealias Relay =
    @Sendable (_ interface: String, _ member: String, _ arguments: [Value], _ timeout: Duration?) async ->
    Result<[Value], BusError>?

  // MARK: - Calling methods

  /// Where `interface` lives: the extension interface at
  /// `/org/mpris/MediaPlayer2/RemoteControl`, any other at `/org/mpris/MediaPlayer2`.
  public static func objectPath(of interface: String) -> String {
    MediaPlayerInterface(rawValue: interface)?.objectPath ?? objectPath
  }

  /// Calls `member` of `interface` with `arguments` and returns the reply's values; `path` is
  /// the object called, by default where `interface` lives (``objectPath(of:)``).
  public func call(
    _ member: String, interface: String = RemotePlayer.playerInterface,
    arguments: [PropertyValue] = [], timeout: Duration? = nil, path: String? = nil
  ) async throws(ClientError) -> [PropertyValue] {
    var values: [Value] = []
    for argument in arguments { values.append(try argument.busValue()) }
    if (path ?? Self.objectPath(of: interface)) == Self.objectPath(of: interface), let relay,
      let relayed = await relay(interface, member, values, timeout)
    {
      do {
        return try relayed.get().map(PropertyValue.init)
      } catch {
        throw ClientError(error)
      }
    }
    do {
      let reply = try await bus.connection.call(
        destination: try BusName(identity.busName),
        path: try ObjectPath(path ?? Self.objectPath(of: interface)),
        interface: interface, member: member, arguments: values, timeout: timeout)
      return reply.map(PropertyValue.init)
    } catch {
      throw ClientError(error)
    }
  }

  /// Calls `method` with `arguments`, at the object where its interface lives, and returns the
  /// reply's values.
  @discardableResult
  package func call(
    _ method: some MediaPlayerMethod, _ arguments: [PropertyValue] = [], timeout: Duration? = nil
  ) async throws(ClientError) -> [PropertyValue] {
    try await call(
      method.rawValue, interface: type(of: method).interface.rawValue, arguments: arguments, timeout: timeout)
  }

  /// `org.mpris.MediaPlayer2.Player.Play`.
  public func play() async throws(ClientError) { try await call(PlayerMethod.play) }
  /// `org.mpris.MediaPlayer2.Player.Pause`.
  public func pause() async throws(ClientError) { try await call(PlayerMethod.pause) }
  /// `org.mpris.MediaPlayer2.Player.PlayPause`.
  public func playPause() async throws(ClientError) { try await call(PlayerMethod.playPause) }
  /// `org.mpris.MediaPlayer2.Player.Stop`.
  public func stop() async throws(ClientError) { try await call(PlayerMethod.stop) }
  /// `org.mpris.MediaPlayer2.Player.Next`.
  public func next() async throws(ClientError) { try await call(PlayerMethod.next) }
  /// `org.mpris.MediaPlayer2.Player.Previous`.
  public func previous() async throws(ClientError) { try await call(PlayerMethod.previous) }

  /// `org.mpris.MediaPlayer2.Player.Seek`: moves by `microseconds` (negative: backward).
  public func seek(by microseconds: Int64) async throws(ClientError) {
    try await call(PlayerMethod.seek, [.int64(microseconds)])
  }

  /// `org.mpris.MediaPlayer2.Player.SetPosition`: goes to `microseconds` in the track
  /// `trackID` (an object path, the current `mpris:trackid`).
  public func setPosition(trackID: String, microseconds: Int64) async throws(ClientError) {
    try await call(PlayerMethod.setPosition, [.objectPath(trackID), .int64(microseconds)])
  }

  /// `org.mpris.MediaPlayer2.Player.OpenUri`.
  public func openURI(_ uri: String) async throws(ClientError) {
    try await call(PlayerMethod.openURI, [.string(uri)])
  }

  /// `org.mpris.MediaPlayer2.Raise`.
  public func raise() async throws(ClientError) { try await call(RootMethod.raise) }
  /// `org.mpris.MediaPlayer2.Quit`.
  public func quit() async throws(ClientError) { try await call(RootMethod.quit) }

  // MARK: - Properties

  /// `org.freedesktop.DBus.Properties.Get`: one property's value (its variant unwrapped).
  public func property(_ name: String, interface: String = RemotePlayer.playerInterface)
    async throws(ClientError) -> PropertyValue
  {
    let reply = try await call(
      "Get", interface: Self.propertiesInterface, arguments: [.string(interface), .string(name)],
      path: Self.objectPath(of: interface))
    guard let value = reply.first else {
      throw ClientError(
        name: "org.freedesktop.DBus.Error.InvalidSignature", message: "Get of \(name) returned nothing")
    }
    return value.unwrapped
  }

  /// `org.freedesktop.DBus.Properties.GetAll`: every property of `interface` (variants unwrapped).
  public func properties(interface: String = RemotePlayer.playerInterface)
    async throws(ClientError) -> [String: PropertyValue]
  {
    let reply = try await call(
      "GetAll", interface: Self.propertiesInterface, arguments: [.string(interface)],
      path: Self.objectPath(of: interface))
    guard let dictionary = reply.first?.dictionaryValue else {
      throw ClientError(
        name: "org.freedesktop.DBus.Error.InvalidSignature",
        message: "GetAll answered \(reply.map(\.signature).joined()), not a{sv}")
    }
    return dictionary.mapValues(\.unwrapped)
  }

  /// `org.freedesktop.DBus.Properties.Set`: writes `value` (wrapped in a variant for you).
  public func setProperty(
    _ name: String, to value: PropertyValue, interface: String = RemotePlayer.playerInterface
  ) async throws(ClientError) {
    _ = try await call(
      "Set", interface: Self.propertiesInterface,
      arguments: [.string(interface), .string(name), .variant(value)], path: Self.objectPath(of: interface))
  }

  /// The player interface's properties as typed values, from one `GetAll`.
  public func state() async throws(ClientError) -> PlayerState {
    PlayerState(properties: try await properties())
  }
}
