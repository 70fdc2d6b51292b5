import BlockingIOPool
import FoundationEssentials
import HubSupport
package import Hummingbird
import HummingbirdWebSocket
package import Logging
import NIOWebSocket
package import PlayerView
import ServiceLifecycle

/// The web remote: any browser as the lock screen. It serves the page's static files at `/`,
/// the REST API under `/api/`, the WebSocket `/api/events`, pairing and artwork, all described
/// in `docs/web-remote-api.md`.
///
/// Run it as a `Service` (it follows the players while it runs) and add its routes to the
/// server's router with `add(to:)`.
package final class WebRemote: Service, Sendable {
  /// Where the page's files are: `../share/swift-remote-control/web` beside the executable, else
  /// the source tree's `Sources/WebRemote/Resources`; `nil` when neither exists.
  package static func staticFilesFolder() -> String? {
    ResourceLocator.folder(module: "WebRemote", installedName: "web", holding: "index.html")?.path
  }

  /// The paired devices and pairing codes.
  package let devices: DeviceStore
  let directory: PlayerDirectory
  let logger: Logger
  let staticFiles: String?
  /// The executor every WebSocket client's reader prefers, when given.
  let socketExecutor: (any TaskExecutor)?
  /// The origin a TLS-terminating proxy serves the page at, if any.
  let publicOrigin: PublicOrigin?
  /// The nonces of the signatures accepted lately.
  let replays = ReplayCache()

  /// A web remote that shows the players of `view` in `hub`'s order, pairs devices into
  /// `devices`, and serves the page from `staticFiles` (``staticFilesFolder()`` by default;
  /// `nil`: no page, the API only); `interruptions`, when given, says which players the audio
  /// session holds interrupted; `commands`, when given, is where the user's commands to players
  /// go (the hub's command path), else straight to the player; `streamVolumes`, when given,
  /// reaches the own streams of players without a writable MPRIS `Volume`; `publicOrigin`, when given,
  /// is the HTTPS origin a reverse proxy serves the page at, which the `Origin` check accepts.
  /// `artworkVersion`, when given, stands for the file system in telling an artwork file's
  /// version from a `file://` `mpris:artUrl` (`nil`: none served), for tests that hold it up.
  /// `socketExecutor`, when given, is where each WebSocket client's reader runs: the thread of
  /// `view`'s connection (the hub's bus thread), so that a press read from a socket is sent to
  /// its player from the thread that talks to the player, with no hand-over through Swift's pool
  /// (`nil`: the pool).
  package init(
    view: PlayerView, hub: any NowPlayingSource, devices: DeviceStore,
    staticFiles: String? = WebRemote.staticFilesFolder(), interruptions: (any PlayerInterruptions)? = nil,
    commands: (any PlayerCommands)? = nil, streamVolumes: (any PlayerStreamVolumes)? = nil,
    publicOrigin: PublicOrigin? = nil, logger: Logger,
    artworkVersion: (@Sendable (_ artURL: String) async -> String?)? = nil,
    socketExecutor: (any TaskExecutor)? = nil
  ) {
    self.socketExecutor = socketExecutor
    self.devices = devices
    self.publicOrigin = publicOrigin
    self.directory = PlayerDirectory(
      view: view, hub: hub, interruptions: interruptions, commands: commands, streamVolumes: streamVolumes,
      logger: logger,
      artworkVersion: artworkVersion ?? { await ArtworkFile.find(artURL: $0, logger: logger)?.version })
    self.logger = logger
    self.staticFiles = staticFiles
    devices.observeRevocations { [directory] id in
      directory.disconnect(deviceID: id)
      directory.lockScreens.set(deviceID: id, busName: nil)
    }
  }

  /// Follows the players until graceful shutdown; then every WebSocket client is closed.
  package func run() async throws {
    try await run(following: {})
  }

  /// Follows the players until graceful shutdown, as ``run()`` does; `following` is called once
  /// the web remote holds the players as they are now (a request served from then on finds
  /// them), for a server that starts the web remote on its first connection.
  package func run(following: @escaping @Sendable () -> Void) async throws {
    await cancelWhenGracefulShutdown {
      await self.directory.run(following: following)
    }
  }

  /// Adds the page's files, the API and the WebSocket to `router`. Add a ``HostCheck`` to the
  /// router before, so that every route checks the `Host`.
  package func add(to router: Router<WebRemoteContext>) {
    if let staticFiles {
      router.add(
        middleware: FileMiddleware(
          staticFiles, cacheControl: .init([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: true,
          threadPool: BlockingIO.threadPool, logger: logger))
    } else {
      logger.warning("the web remote's page is not installed; serving its API only")
    }
    let api = router.group("api").add(middleware: SecurityHeaders(tellsTime: true))
      .add(middleware: OriginCheck(publicOrigin: publicOrigin))
    api.post("pair") { request, _ in await self.pair(request) }
    let paired = api.add(middleware: DeviceCheck(devices: devices, replays: replays))
    paired.get("session") { _, context in self.session(context) }
    paired.delete("session") { _, context in await self.forget(context) }
    paired.get("players") { _, _ in APIResponse.json(self.directory.snapshot()) }
    paired.get("players/:id") { _, context in self.player(context.parameters.get("id") ?? "") }
    paired.get("players/:id/artwork") { request, context in
      await self.artwork(context.parameters.get("id") ?? "", request: request)
    }
    paired.post("players/:id/:command") { request, context in
      await self.command(
        request, id: context.parameters.get("id") ?? "", command: context.parameters.get("command") ?? "")
    }
    paired.ws(
      "events",
      shouldUpgrade: { _, context in context.device == nil ? .dontUpgrade : .upgrade([:]) },
      onUpgrade: { inbound, outbound, context in
        guard let device = context.requestContext.device else {
          try await outbound.close(.policyViolation, reason: "not paired")
          return
        }
        try await EventsSocket(
          directory: self.directory, deviceID: device.id, socketKey: context.requestContext.socketKey,
          executor: self.socketExecutor, logger: self.logger
        ).run(inbound: inbound, outbound: outbound)
      })
  }

  // MARK: - Handlers

  /// `POST /api/pair`, signed with the pairing link's key as `RemoteHMAC CODE.TIME.NONCE.SIG`:
  /// the code is spent and the device paired with that key, which never crossed the network.
  private func pair(_ request: Request) async -> Response {
    var request = request
    do throws(APIError) {
      let buffer: ByteBuffer
      do {
        buffer = try await request.collectBody(upTo: WebRemoteLimits.maximumBody)
      } catch {
        throw APIError(.tooLarge, "the body is larger than 64 KiB")
      }
      let body =
        buffer.readableBytes == 0 ? JSONValue.object([]) : try JSONValue.parseBody(buffer.readableBytesView)
      guard let signature = try RequestSignature.of(request) else {
        throw APIError(
          .invalidCode,
          "pairing is signed with the key of the link remotectl pair prints; open that link (this one has no key)"
        )
      }
      let name = DeviceName.make(given: body["name"]?.stringValue, userAgent: request.headers[.userAgent])
      let now = RequestSignature.now()
      let target = RequestSignature.target(of: request)
      let method = request.method.rawValue
      let bytes = Array(buffer.readableBytesView)
      let device = try await devices.pair(code: signature.id, name: name) { key throws(APIError) in
        try signature.verify(key: key, method: method, target: target, body: bytes, now: now)
        guard self.replays.admit(signature, now: now) else {
          throw APIError(.unauthorized, "this signature was used already: a request is accepted once")
        }
      }
      logger.info("a device paired", metadata: ["device": "\(device.id)", "name": "\(device.name)"])
      return APIResponse.json(.object([("device", Self.json(device))]))
    } catch {
      logger.notice("a pairing attempt failed", metadata: ["reason": "\(error.code.rawValue)"])
      return APIResponse.error(error)
    }
  }

  private func session(_ context: WebRemoteContext) -> Response {
    guard let device = context.device else {
      return APIResponse.error(APIError(.unauthorized, "this device is not paired: run remotectl pair"))
    }
    return APIResponse.json(.object([("device", Self.json(device))]))
  }

  private func forget(_ context: WebRemoteContext) async -> Response {
    if let device = context.device { await devices.revoke(id: device.id) }
    return APIResponse.ok()
  }

  private func player(_ id: String) -> Response {
    guard let snapshot = directory.snapshot(of: id) else { return APIResponse.error(unknownPlayer(id)) }
    return APIResponse.json(snapshot)
  }

  private func unknownPlayer(_ id: String) -> APIError {
    let known = directory.ids()
    return APIError(
      .unknownPlayer,
      "no player \"\(id)\"; the players are: " + (known.isEmpty ? "none" : known.joined(separator: ", ")))
  }

  private func command(_ request: Request, id: String, command name: String) async -> Response {
    var request = request
    do {
      let buffer: ByteBuffer
      do {
        buffer = try await request.collectBody(upTo: WebRemoteLimits.maximumBody)
      } catch {
        throw APIError(.tooLarge, "the body is larger than 64 KiB")
      }
      let arguments = buffer.readableBytes == 0 ? nil : try JSONValue.parseBody(buffer.readableBytesView)
      let command = try Command(name: name, arguments: arguments)
      try await directory.perform(command, on: id)
      return APIResponse.ok()
    } catch let error as APIError {
      return APIResponse.error(error)
    } catch {
      return APIResponse.error(APIError(.unavailable, "\(error)"))
    }
  }

  private func artwork(_ id: String, request: Request) async -> Response {
    guard let record = directory.record(id) else { return APIResponse.error(unknownPlayer(id)) }
    guard let file = await ArtworkFile.find(artURL: record.artURL, logger: logger),
      let (bytes, type) = await file.read()
    else {
      return APIResponse.error(APIError(.notFound, "\(record.name) shows no artwork the hub can serve"))
    }
    var headers: HTTPFields = [:]
    let tag = "\"\(file.version)\""
    headers[.eTag] = tag
    headers[.cacheControl] = "private, max-age=31536000, immutable"
    APIResponse.secure(&headers)
    if request.headers[.ifNoneMatch] == tag { return Response(status: .notModified, headers: headers) }
    headers[.contentType] = type
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  static func json(_ device: Device) -> JSONValue {
    .object([("id", .string(device.id)), ("name", .string(device.name))])
  }
}
