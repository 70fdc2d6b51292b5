/// One call of the demo page's action handler, as the page keeps it in `window.actions`.
struct RecordedAction: Decodable, Sendable {
  /// The Media Session action's details, as the handler received them.
  struct Details: Decodable, Sendable {
    var action: String
    var seekTime: Double?
    var seekOffset: Double?
  }

  /// The action.
  var action: String
  /// Its details.
  var details: Details
  /// When the handler ran: wall-clock milliseconds (`performance.timeOrigin + performance.now()`).
  var at: Double
}
