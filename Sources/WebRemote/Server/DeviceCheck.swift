import FoundationEssentials
import HubSupport
import Hummingbird

/// Lets through only a request from a paired device, and notes which in the context:
///
/// - a signature (``RequestSignature``) by a paired device's key, within its window, whose
///   nonce was never seen (``ReplayCache``) — on any listener;
/// - or `Authorization: Bearer` with a device's key (or the token of a device paired before
///   requests were signed), for local programs: only on a loopback listener, for a loopback
///   `Host`, and not through a proxy (no `Forwarded` or `X-Forwarded-For`). Nothing on
///   loopback can be sniffed.
///
/// The `remote_device` cookie of earlier versions is not read any more. Every refusal is
/// `401 unauthorized`, and changes nothing.
struct DeviceCheck: RouterMiddleware {
  typealias Context = WebRemoteContext

  let devices: DeviceStore
  let replays: ReplayCache

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var request = request
    var context = context
    do throws(APIError) {
      if let signature = try RequestSignature.of(request) {
        let body: ByteBuffer
        do {
          body = try await request.collectBody(upTo: WebRemoteLimits.maximumBody)
        } catch {
          throw APIError(.tooLarge, "the body is larger than 64 KiB")
        }
        let (device, key) = try verify(signature, request: request, body: body.readableBytesView)
        context.device = device
        context.socketKey = signature.socketKey(deviceKey: key)
      } else if let bearer = Self.bearer(of: request) {
        guard Self.mayUseBearer(request, context: context) else {
          throw APIError(
            .unauthorized,
            "Authorization: Bearer is accepted on loopback only; on the network every request is signed")
        }
        guard let device = devices.device(bearer: bearer) else {
          throw APIError(.unauthorized, "no paired device holds this bearer token: run remotectl pair")
        }
        context.device = device
      } else {
        throw APIError(
          .unauthorized, "this device is not paired, or its request is not signed: run remotectl pair")
      }
    } catch {
      return APIResponse.error(error)
    }
    return try await next(request, context)
  }

  /// The paired device and key that signed `signature` over `request` and `body`, the nonce
  /// now spent; throws `unauthorized` for an unknown device, a wrong, stale or replayed one.
  func verify(_ signature: RequestSignature, request: Request, body: some Sequence<UInt8>) throws(APIError)
    -> (Device, [UInt8])
  {
    guard let (device, key) = devices.signingKey(id: signature.id) else {
      throw APIError(
        .unauthorized,
        "no paired device \"\(signature.id)\": it was revoked, or never paired; run remotectl pair")
    }
    let now = RequestSignature.now()
    try signature.verify(
      key: key, method: request.method.rawValue, target: RequestSignature.target(of: request), body: body,
      now: now)
    guard replays.admit(signature, now: now) else {
      throw APIError(.unauthorized, "this signature was used already: a request is accepted once")
    }
    return (device, key)
  }

  /// The token of `Authorization: Bearer`, if any.
  static func bearer(of request: Request) -> String? {
    guard let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ")
    else { return nil }
    let token = authorization.dropFirst("bearer ".count).trimmingSpaces()
    return token.isEmpty ? nil : token
  }

  /// Whether `request` came from this machine directly: a loopback listener, a loopback `Host`,
  /// no proxy's forwarding header.
  static func mayUseBearer(_ request: Request, context: Context) -> Bool {
    guard context.arrivedOnLoopback else { return false }
    let host = request.host
    guard
      ["127.0.0.1:", "localhost:", "[::1]:"].contains(where: { host.hasPrefix($0) }) || host == "localhost"
    else { return false }
    let forwarded = ["Forwarded", "X-Forwarded-For", "X-Forwarded-Host"].compactMap {
      HTTPFields.Element.Name($0)
    }
    return !forwarded.contains { request.headers[$0] != nil }
  }
}

extension RequestSignature {
  /// The hub's clock for signatures: milliseconds since the Unix epoch, as the page's
  /// `Date.now()`.
  static func now() -> Int64 {
    Int64((Date().timeIntervalSince1970 * 1000).rounded())
  }
}
