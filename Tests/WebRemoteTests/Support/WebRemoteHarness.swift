import BusTestSupport
import DBus
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import Logging
import PlayerView
import Testing
import WebRemote

/// A web remote under test, in this process: a private bus with players of the test's own on
/// it (``TestPlayer``), the hub's view of the players over that bus, a stand-in hub listing
/// them, a device store in a folder of the test's own, and the web remote's routes behind a
/// `Host` check that allows `localhost`.
///
/// ``test(_:)`` sends requests through the router (Hummingbird's `.router` test framework): no
/// server and no socket, and a request arrives as on a network listener, so it must be signed
/// as the page signs it. ``testLive(_:)`` serves the same routes on a loopback port, for the
/// WebSocket and for what only loopback allows (a device's key as `Authorization: Bearer`).
/// Either way a command crosses the bus to a real MPRIS player, and what the player announces
/// reaches the web remote through the view, as in the hub.
struct WebRemoteHarness: Sendable {
  let bus: PrivateBus
  /// The players, the first Now Playing.
  let players: [TestPlayer]
  /// The view of the players the web remote reads, as the hub's.
  let view: PlayerView
  let viewSubscriptions: [Subscription]
  let source: FixedNowPlayingSource
  let devices: DeviceStore
  let webRemote: WebRemote
  let stateDirectory: URL
  let hostCheck = HostCheck<WebRemoteContext>()

  /// Starts a bus and one ``TestPlayer`` per name in `players`, after one binaural per name in
  /// `binaurals` (for tests of what a real player does: binaural coalesces fast toggles and names
  /// artwork files), then one silent ``AudioChildPlayer`` per name in `childPlayers` with its
  /// flags; the first is Now Playing. The web remote accepts `publicOrigin` as a reverse proxy's,
  /// when given, reaches players' streams through `streamVolumes`, when given, and tells artwork
  /// versions with `artworkVersion` instead of the file system, when given.
  static func start(
    players names: [String] = ["podcasts"], binaurals: [String] = [],
    childPlayers: [(name: String, flags: [String])] = [], publicOrigin: PublicOrigin? = nil,
    streamVolumes: (any PlayerStreamVolumes)? = nil,
    artworkVersion: (@Sendable (String) async -> String?)? = nil
  ) async throws -> WebRemoteHarness {
    let bus = try await PrivateBus.start()
    var players: [TestPlayer] = []
    for name in names {
      players.append(try await TestPlayer.start(name: name, address: bus.address, folder: bus.directory))
    }
    for name in binaurals {
      _ = try bus.start(
        BuiltProducts.binaural, ["--output", "null", "--headless", "--name", name],
        standardError: .file(bus.directory.appendingPathComponent("\(name).log").path))
      try await bus.waitForName("org.mpris.MediaPlayer2.\(name)")
    }
    for (name, flags) in childPlayers {
      _ = try bus.start(
        "/usr/bin/python3", ["-c", AudioChildPlayer.script, name, "", "--silent"] + flags,
        standardError: .file(bus.directory.appendingPathComponent("\(name).log").path))
      try await bus.waitForName("org.mpris.MediaPlayer2.\(name)")
    }
    let view = PlayerView(
      connection: try await Connection.connect(.address(bus.address)), logger: Logger(label: "WebRemoteTests")
    ) { _ in true }
    let viewSubscriptions = try await view.start()
    let busNames = (binaurals + names + childPlayers.map(\.name)).map { "org.mpris.MediaPlayer2.\($0)" }
    let source = FixedNowPlayingSource(NowPlayingOrder(players: busNames, nowPlaying: busNames.first))
    let stateDirectory = bus.directory.appendingPathComponent("state/remotectld")
    let devices = try await DeviceStore.open(directory: stateDirectory.path)
    let webRemote = WebRemote(
      view: view, hub: source, devices: devices, staticFiles: nil, streamVolumes: streamVolumes,
      publicOrigin: publicOrigin, logger: Logger(label: "WebRemoteTests"), artworkVersion: artworkVersion)
    return WebRemoteHarness(
      bus: bus, players: players, view: view, viewSubscriptions: viewSubscriptions, source: source,
      devices: devices, webRemote: webRemote, stateDirectory: stateDirectory)
  }

  /// The first player: Now Playing.
  var player: TestPlayer { players[0] }

  /// The application: the `Host` check allowing `hosts`, then the web remote's routes;
  /// WebSocket frames up to 64 KiB.
  func application(allowing hosts: [String] = ["localhost"]) -> some ApplicationProtocol {
    let router = Router(context: WebRemoteContext.self)
    for host in hosts { hostCheck.allow(authority: host) }
    router.add(middleware: hostCheck)
    webRemote.add(to: router)
    return Application(
      router: router,
      server: .http1WebSocketUpgrade(
        webSocketRouter: router,
        configuration: .init(ws: WebSocketServerConfiguration(maxFrameSize: 64 << 10))),
      services: [webRemote])
  }

  /// Runs `test` against the router, the web remote following the players meanwhile; its
  /// requests' `Host` is `localhost`, which the check allows unless `hosts` leaves it out.
  func test(
    allowing hosts: [String] = ["localhost"],
    _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    try await application(allowing: hosts).test(.router) { client in try await test(client) }
  }

  /// Runs `test` against the application served on a loopback port; the WebSocket client's
  /// `Host` (`localhost:PORT`) is allowed too.
  func testLive(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    try await application().test(.live) { client in
      if let port = client.port { hostCheck.allow(authority: "localhost:\(port)") }
      try await test(client)
    }
  }

  /// Stops the players, the view and the bus.
  func stop() async {
    for player in players { await player.stop() }
    viewSubscriptions.forEach { $0.cancel() }
    view.connection.close()
    await bus.stop()
  }
}
