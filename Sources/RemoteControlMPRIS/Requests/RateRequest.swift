import RemoteControl

/// What writing `org.mpris.MediaPlayer2.Player.Rate` asks for: 0 means pause (as the spec
/// says); other rates must be numbers within [`MinimumRate`, `MaximumRate`].
enum RateRequest: Sendable, Hashable {
  /// Send ``RemoteControlEvent/Command/pause``.
  case pause
  /// Send ``RemoteControlEvent/Command/changePlaybackRate(_:)``.
  case change(Double)

  /// The request for `rate`.
  ///
  /// - Throws: ``RequestRefusal`` naming the value and the range, for NaN or a rate outside
  ///   [`minimum`, `maximum`].
  init(rate: Double, minimum: Double, maximum: Double) throws(RequestRefusal) {
    if rate == 0 {
      self = .pause
      return
    }
    let range = "[\(minimum), \(maximum)]"
    guard !rate.isNaN else {
      throw RequestRefusal("Rate NaN is not a number; it must be within \(range) (MinimumRate, MaximumRate)")
    }
    guard rate >= minimum, rate <= maximum else {
      throw RequestRefusal("Rate \(rate) is outside \(range) (MinimumRate, MaximumRate)")
    }
    self = .change(rate)
  }

  /// The command to send.
  var command: RemoteControlEvent.Command {
    switch self {
    case .pause: .pause
    case .change(let rate): .changePlaybackRate(rate)
    }
  }
}
