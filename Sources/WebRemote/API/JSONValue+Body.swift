import HubSupport

extension JSONValue {
  /// Reads a request body or a WebSocket message as one JSON value, or refuses it as a bad
  /// request in Foundation's words (``APIError/Code/badRequest``).
  ///
  /// The size is limited by the caller (``WebRemoteLimits/maximumBody``).
  static func parseBody(_ bytes: some Collection<UInt8>) throws(APIError) -> JSONValue {
    do {
      return try parse(bytes)
    } catch {
      throw APIError(.badRequest, "the body is not valid JSON: \(error.reason)")
    }
  }
}
