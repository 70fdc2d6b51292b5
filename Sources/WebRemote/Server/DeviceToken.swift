import Foundation
import Hummingbird

/// Where a request carries its device token: `Authorization: Bearer`, else the cookie.
enum DeviceToken {
  /// The cookie the token travels in.
  static let cookieName = "remote_device"

  /// The paired device whose token `request` carries.
  static func device(of request: Request, in devices: DeviceStore) -> Device? {
    guard let token = token(of: request) else { return nil }
    return devices.device(token: token)
  }

  /// The token of `request`: `Authorization: Bearer`, else the cookie.
  static func token(of request: Request) -> String? {
    if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
      let token = authorization.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
      if !token.isEmpty { return token }
    }
    return request.cookies[cookieName]?.value
  }
}
