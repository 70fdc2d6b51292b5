import Foundation
import HubSupport
package import Hummingbird
package import HummingbirdWebSocket
package import Logging
import NIOWebSocket
package import PlayerView
import ServiceLifecycle

/// The web remote: any browser as the lock screen. It serves the page's static files at `/`,
/// the REST API under `/api/`, the WebSocket `/api/events`, pairing and artwork, all described
/// in `docs/web-remote-api.md`.
///
/// Run it as a `Service` (it follows the players while it runs) and add its routes to the
/// server's router with ``add(to:)``.
package final class WebRemote: Service, Sendable {
  /// Where the page's files are: the `Resources` folder of the module's resource bundle next to
  /// the executable, else `../share/swift-remote-control/web` beside it; `nil` when neither exists.
  package static func staticFilesFolder() -> String? {
    ResourceLocator.folder(module: "WebRemote", installedName: "web", holding: "index.html")?.path
  }

  /// The paired devices and pairing codes.
  package let devices: DeviceStore
  let directory: PlayerDirectory
  let logger: Logger
  let staticFiles: String?

  /// A web remote that shows the players of `view` in `hub`'s order, pairs devices into
  /// `devices`, and serves the page from `staticFiles` (``staticFilesFolder()`` by default;
  /// `nil`: no page, the API only); `interruptions`, when given, says which players the audio
  /// session holds interrupted and hears of the user's presses.
  package init(
    view: PlayerView, hub: any NowPlayingSource, devices: DeviceStore,
    staticFiles: String? = WebRemote.staticFilesFolder(), interruptions: (any PlayerInterruptions)? = nil,
    logger: Logger
  ) {
    self.devices = devices
    self.directory = PlayerDirectory(view: view, hub: hub, interruptions: interruptions, logger: logger)
    self.logger = logger
    self.staticFiles = staticFiles
    devices.observeRevocations { [directory] id in
      directory.disconnect(deviceID: id)
      directory.lockScreens.set(deviceID: id, busName: nil)
    }
  }

  /// Follows the players until graceful shutdown; then every WebSocket client is closed.
  package func run() async throws {
    await cancelWhenGracefulShutdown {
      await self.directory.run()
    }
  }

  /// Adds the page's files, the API and the WebSocket to `router`. Add a ``HostCheck`` to the
  /// router before, so that every route checks the `Host`.
  package func add(to router: Router<BasicWebSocketRequestContext>) {
    if let staticFiles {
      router.add(
        middleware: FileMiddleware(
          staticFiles, cacheControl: .init([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: true,
          logger: logger))
    } else {
      logger.warning("the web remote's page is not installed; serving its API only")
    }
    let api = router.group("api").add(middleware: SecurityHeaders()).add(middleware: OriginCheck())
    api.post("pair") { request, _ in await self.pair(request) }
    let paired = api.add(middleware: DeviceCheck(devices: devices))
    paired.get("session") { request, _ in self.session(request) }
    paired.delete("session") { request, _ in await self.forget(request) }
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
      shouldUpgrade: { request, _ in
        DeviceToken.device(of: request, in: self.devices) == nil ? .dontUpgrade : .upgrade([:])
      },
      onUpgrade: { inbound, outbound, context in
        guard let device = DeviceToken.device(of: context.request, in: self.devices) else {
          try await outbound.close(.policyViolation, reason: "not paired")
          return
        }
        try await EventsSocket(directory: self.directory, deviceID: device.id, logger: self.logger).run(
          inbound: inbound, outbound: outbound)
      })
  }

  // MARK: - Handlers

  private func pair(_ request: Request) async -> Response {
    var request = request
    let body: JSONValue
    do {
      let buffer = try await request.collectBody(upTo: WebRemoteLimits.maximumBody)
      body = try JSONValue.parseBody(buffer.readableBytesView)
    } catch let error as APIError {
      return APIResponse.error(error)
    } catch {
      return APIResponse.error(APIError(.tooLarge, "the body is larger than 64 KiB"))
    }
    guard let code = body["code"]?.stringValue else {
      return APIResponse.error(APIError(.badRequest, "pairing needs {\"code\": \"…\"}"))
    }
    let name = DeviceName.make(given: body["name"]?.stringValue, userAgent: request.headers[.userAgent])
    do {
      let (device, token) = try await devices.pair(code: code, name: name)
      logger.info("a device paired", metadata: ["device": "\(device.id)", "name": "\(device.name)"])
      var headers: HTTPFields = [:]
      headers[.setCookie] =
        "\(DeviceToken.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000"
      return APIResponse.json(
        .object([("device", Self.json(device)), ("token", .string(token))]), headers: headers)
    } catch {
      logger.notice("a pairing attempt failed", metadata: ["reason": "\(error.code.rawValue)"])
      return APIResponse.error(error)
    }
  }

  private func session(_ request: Request) -> Response {
    guard let device = DeviceToken.device(of: request, in: devices) else {
      return APIResponse.error(APIError(.unauthorized, "this device is not paired: run remotectl pair"))
    }
    return APIResponse.json(.object([("device", Self.json(device))]))
  }

  private func forget(_ request: Request) async -> Response {
    if let device = DeviceToken.device(of: request, in: devices) { await devices.revoke(id: device.id) }
    var headers: HTTPFields = [:]
    headers[.setCookie] =
      "\(DeviceToken.cookieName)=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"
    return APIResponse.ok(headers: headers)
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
    guard let file = await ArtworkFile.find(artURL: record.artURL), let (bytes, type) = await file.read()
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
