import Hummingbird

/// Refuses a request that carries no device token of a paired device: neither the
/// `remote_device` cookie nor `Authorization: Bearer`.
struct DeviceCheck<Context: RequestContext>: RouterMiddleware {
  let devices: DeviceStore

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard DeviceToken.device(of: request, in: devices) != nil else {
      return APIResponse.error(APIError(.unauthorized, "this device is not paired: run remotectl pair"))
    }
    return try await next(request, context)
  }
}
