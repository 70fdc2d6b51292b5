import HubSupport

/// The Media Session's `MediaSessionActionDetails`: the action to perform and its arguments.
struct ActionDetails: Sendable, Hashable {
  /// The action.
  var action: MediaSessionAction
  /// Seconds to move, for `seekforward` and `seekbackward`.
  var seekOffset: Double?
  /// Where to go, in seconds, for `seekto`.
  var seekTime: Double?
  /// Whether an approximate position will do, for `seekto`.
  var fastSeek: Bool?

  /// The details as the `details` member of an `action` message.
  var json: JSONValue {
    var members: [String: JSONValue] = ["action": .string(action.rawValue)]
    members["seekOffset"] = seekOffset.map(JSONValue.shortestNumber)
    members["seekTime"] = seekTime.map(JSONValue.shortestNumber)
    members["fastSeek"] = fastSeek.map(JSONValue.bool)
    return .object(members)
  }
}
