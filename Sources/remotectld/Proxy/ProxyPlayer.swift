import DBus
import Logging
import NowPlayingArbiter
import PlayerView
import RemoteControlMPRIS
import Synchronization

/// The proxy player: `org.mpris.MediaPlayer2.remotectld`, an MPRIS player that is whichever
/// player is Now Playing.
///
/// It serves MPRIS's root and player interfaces at `/org/mpris/MediaPlayer2`, and every other
/// interface the active player introspects as there (TrackList, Playlists, extensions) or at its
/// child objects one level below (`/org/mpris/MediaPlayer2/RemoteControl`), at the same paths.
/// Property reads are answered at once from the hub's view of the players (`Position`
/// extrapolated). Method calls and property writes are forwarded to the active player through
/// the hub's ``CommandPath``, on the view's connection, and answered once the player answered:
/// since D-Bus keeps one sender's messages in order on one connection, every change the player
/// announced before its reply is in the view by then, so a read after the reply reads it
/// (read-your-writes). Only the active player's signals are re-emitted; a switch is announced
/// with one PropertiesChanged per interface carrying every value that differs, and a Seeked with
/// the new position.
///
/// It is served on a connection of its own (``server``) that owns its bus names (and, while the
/// hub answers for playerctld, playerctld's) and sends nothing but MPRIS and playerctld's
/// interface: playerctld, which watches every MPRIS name, aborts on a PropertiesChanged of an
/// interface it does not know, such as the hub's; so no vendor interface's changes are
/// announced at the MPRIS path, only at child objects (see
/// ``InterfaceDescription/announcesChanges``). While it holds no name (a desktop shell shows every
/// player itself) it announces nothing.
final class ProxyPlayer: Sendable {
  /// The connection that serves the proxy player.
  let server: Connection
  let hub: Hub
  let logger: Logger
  /// The active player and what controllers were told of it.
  let state = Mutex(ProxyState())
  /// Wakes the task that exports and removes the active player's extra interfaces.
  let extrasChanged: AsyncStream<Void>.Continuation
  let extrasRequests: AsyncStream<Void>

  /// The hub's one path for a user's command: every call and property write the proxy forwards
  /// goes along it.
  let commands: CommandPath

  init(server: Connection, hub: Hub, commands: CommandPath, logger: Logger) {
    self.server = server
    self.hub = hub
    self.commands = commands
    self.logger = logger
    (extrasRequests, extrasChanged) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  /// The view of the players.
  var view: PlayerView { hub.view }

  // MARK: - Starting

  /// Exports MPRIS's interfaces, takes property writes at the path and follows the hub and the
  /// view; returns what undoes it.
  func start() async throws(BusError) -> [@Sendable () -> Void] {
    let writes = try await server.handlePropertyWrites(at: HubNames.path) { [self] write in take(write) }
    let root = try await server.export(interface(for: .root), at: HubNames.path)
    let player = try await server.export(interface(for: .player), at: HubNames.path)
    let following = hub.observe { [self] change in follow(change.now) }
    let observer = view.observe { [self] change in viewChanged(change) }
    let extras = Task { [self] in
      var exported = ExportedExtras()
      for await _ in extrasRequests { await exportExtras(&exported) }
    }
    // On the view's thread, as every later change: what controllers are told stays in order.
    view.connection.perform { [self] in follow(hub.nowPlaying) }
    return [
      writes.cancel, root.cancel, player.cancel, extras.cancel, extrasChanged.finish,
      { [view] in view.removeObserver(observer) }, { [hub] in hub.removeObserver(following) },
    ]
  }

  /// Whether the proxy holds its names: it announces only then. When it starts holding them,
  /// controllers are taken to have seen nothing yet.
  var isPublished: Bool {
    get { state.withLock { $0.isPublished } }
    set {
      state.withLock { state in
        state.isPublished = newValue
        if newValue { state.published = [:] }
      }
    }
  }

  /// The exported form of `forwarded`: methods forwarded, properties read from the view.
  func interface(for forwarded: InterfaceDescription) -> Interface {
    Interface(
      name: forwarded.name, methods: forwarded.methods.map { method(for: $0) },
      properties: forwarded.properties.map { property(for: $0, of: forwarded.key) },
      signals: forwarded.signals.map {
        Interface.Signal($0.name, $0.signature, argumentNames: $0.argumentNames)
      })
  }

  private func method(for method: InterfaceDescription.Method) -> Interface.Method {
    Interface.Method(
      method.name, in: method.inSignature, out: method.outSignature, inNames: method.inNames,
      outNames: method.outNames
    ) { [self] call in forward(call) }
  }

  private func property(for property: InterfaceDescription.Property, of interface: String)
    -> Interface.Property
  {
    let getter: @Sendable () throws(BusError) -> Value = { [self] in
      let active = state.withLock { $0.active }
      return ProxyState.value(of: property, in: interface, of: active.flatMap(view.mirror(of:)), at: .now)
    }
    guard property.isWritable else {
      return Interface.Property(property.name, property.signature, change: property.change, get: getter)
    }
    // Reached only by a write `take` leaves: one of an interface not forwarded now.
    let setter: @Sendable (Value, BusName?) throws(BusError) -> Void = { _, _ throws(BusError) in
      throw CommandPath.noPlayer("set \(property.name)")
    }
    return Interface.Property(
      property.name, property.signature, change: property.change, get: getter, set: setter)
  }
}
