import RemoteControl

/// What writing `org.mpris.MediaPlayer2.Player.Rate` asks for: 0 means pause (as the spec
/// says); other rates must be numbers within [`MinimumRate`, `MaximumRate`] and, when the app
/// declared its supported rates, one of them.
enum RateRequest: Sendable, Hashable {
  /// Send ``RemoteControlEvent/Command/pause``.
  case pause
  /// Send ``RemoteControlEvent/Command/changePlaybackRate(_:)``.
  case change(Double)

  /// The request for `rate`.
  ///
  /// - Parameter supported: The rates the app declared (and handles); `nil` when any rate within
  ///   the range goes to the app.
  /// - Throws: ``RequestRefusal`` naming the value and the range, for NaN or a rate outside
  ///   [`minimum`, `maximum`]; naming the value and the supported rates for a rate that is not
  ///   one of `supported`.
  init(rate: Double, minimum: Double, maximum: Double, supported: [Double]? = nil) throws(RequestRefusal) {
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
    if let supported, !supported.contains(rate) {
      throw RequestRefusal(
        ChangePlaybackRateCommand.refusalMessage(rate: rate, supported: supported)
          + " (SupportedPlaybackRates)")
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
