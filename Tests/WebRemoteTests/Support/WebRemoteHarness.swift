import BusTestSupport
import DBus
import Foundation
import Hummingbird
import HummingbirdTesting
import HummingbirdWebSocket
import Logging
import PlayerView
import RemoteControlMPRIS
import Testing
import WebRemote

/// A web remote under test: a private bus with binaural players on it, a stand-in hub listing
/// them, a device store in a folder of the test's own, and the web remote served by a live
/// Hummingbird application whose `Host` check allows `localhost` with and without its port.
struct WebRemoteHarness: Sendable {
  let bus: PrivateBus
  let client: MediaPlayerBus
  /// The view of the players the web remote reads, as the hub's.
  let view: PlayerView
  let viewSubscriptions: [Subscription]
  let source: FixedNowPlayingSource
  let devices: DeviceStore
  let webRemote: WebRemote
  let stateDirectory: URL
  let hostCheck = HostCheck<WebRemoteContext>()

  /// Starts a bus and one binaural per name in `players` (the first Now Playing), then one
  /// silent ``AudioChildPlayer`` per name in `childPlayers` with its flags; the web remote accepts
  /// `publicOrigin` as a reverse proxy's, when given, reaches players' streams through
  /// `streamVolumes`, when given, and tells artwork versions with `artworkVersion` instead of the
  /// file system, when given.
  static func start(
    players: [String] = ["binaural"], childPlayers: [(name: String, flags: [String])] = [],
    publicOrigin: PublicOrigin? = nil, streamVolumes: (any PlayerStreamVolumes)? = nil,
    artworkVersion: (@Sendable (String) async -> String?)? = nil
  ) async throws -> WebRemoteHarness {
    let bus = try await PrivateBus.start()
    for name in players {
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
    let client = try await MediaPlayerBus.connect(address: bus.address)
    let view = PlayerView(
      connection: try await Connection.connect(.address(bus.address)), logger: Logger(label: "WebRemoteTests")
    ) { _ in true }
    let viewSubscriptions = try await view.start()
    let busNames = (players + childPlayers.map(\.name)).map { "org.mpris.MediaPlayer2.\($0)" }
    let source = FixedNowPlayingSource(NowPlayingOrder(players: busNames, nowPlaying: busNames.first))
    let stateDirectory = bus.directory.appendingPathComponent("state/remotectld")
    let devices = try await DeviceStore.open(directory: stateDirectory.path)
    let webRemote = WebRemote(
      view: view, hub: source, devices: devices, staticFiles: nil, streamVolumes: streamVolumes,
      publicOrigin: publicOrigin, logger: Logger(label: "WebRemoteTests"), artworkVersion: artworkVersion)
    return WebRemoteHarness(
      bus: bus, client: client, view: view, viewSubscriptions: viewSubscriptions, source: source,
      devices: devices, webRemote: webRemote,
      stateDirectory: stateDirectory)
  }

  /// The application: the `Host` check, then the web remote's routes; WebSocket frames up to
  /// 64 KiB.
  func application() -> some ApplicationProtocol {
    let router = Router(context: WebRemoteContext.self)
    hostCheck.allow(authority: "localhost")
    router.add(middleware: hostCheck)
    webRemote.add(to: router)
    return Application(
      router: router,
      server: .http1WebSocketUpgrade(
        webSocketRouter: router,
        configuration: .init(ws: WebSocketServerConfiguration(maxFrameSize: 64 << 10))),
      services: [webRemote])
  }

  /// Runs `test` against the live application, once binaural's snapshot is loaded; the
  /// WebSocket client's `Host` (`localhost:PORT`) is allowed too.
  func test(_ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
    try await application().test(.live) { client in
      if let port = client.port { hostCheck.allow(authority: "localhost:\(port)") }
      try await test(client)
    }
  }

  /// Stops the client and the bus.
  func stop() async {
    viewSubscriptions.forEach { $0.cancel() }
    view.connection.close()
    client.close()
    await bus.stop()
  }
}
