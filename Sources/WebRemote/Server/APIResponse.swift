import HubSupport
import Hummingbird

/// The web remote's responses: JSON with the security headers every answer carries.
enum APIResponse {
  /// `json` with `status`, not to be cached.
  static func json(_ json: JSONValue, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:])
    -> Response
  {
    var headers = extra
    headers[.contentType] = "application/json; charset=utf-8"
    headers[.cacheControl] = "no-store"
    secure(&headers)
    return Response(
      status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: json.text)))
  }

  /// The error's answer, with `Retry-After` when it says when to try again.
  static func error(_ error: APIError) -> Response {
    var headers: HTTPFields = [:]
    if let seconds = error.retryAfter { headers[.retryAfter] = String(seconds) }
    return json(error.answer, status: error.code.status, headers: headers)
  }

  /// `{"ok": true}`.
  static func ok(headers: HTTPFields = [:]) -> Response {
    json(.object([("ok", .bool(true))]), headers: headers)
  }

  /// Adds `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`.
  static func secure(_ headers: inout HTTPFields) {
    headers[.xContentTypeOptions] = "nosniff"
    if let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy") {
      headers[referrerPolicy] = "no-referrer"
    }
  }
}
