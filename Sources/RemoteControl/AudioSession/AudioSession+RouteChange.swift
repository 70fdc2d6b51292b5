extension AudioSession {
  /// Why the route changed.
  ///
  /// The corresponding AVFoundation type is `AVAudioSession.RouteChangeReason`.
  public enum RouteChangeReason: Sendable, Hashable, CaseIterable {
    /// The reason is not known.
    case unknown
    /// A device became available (headphones plugged in). Playback does not start by itself.
    case newDeviceAvailable
    /// The device that played went away (headphones unplugged, a headset gone): pause.
    case oldDeviceUnavailable
    /// The category changed.
    case categoryChange
    /// The app overrode the route.
    case override
    /// The device woke from sleep.
    case wakeFromSleep
    /// No route is left for the category.
    case noSuitableRouteForCategory
    /// The route's configuration changed (another output on the same device).
    case routeConfigurationChange
  }

  /// A change of the route audio plays on.
  ///
  /// The corresponding AVFoundation notification is `AVAudioSession.routeChangeNotification`,
  /// whose user info carries `AVAudioSessionRouteChangeReasonKey` (``reason``) and
  /// `AVAudioSessionRouteChangePreviousRouteKey` (``previousRoute``).
  public struct RouteChange: Sendable, Hashable {
    /// Why it changed.
    public var reason: RouteChangeReason
    /// The route before the change.
    public var previousRoute: RouteDescription

    /// A change for `reason`, away from `previousRoute`.
    public init(reason: RouteChangeReason, previousRoute: RouteDescription) {
      self.reason = reason
      self.previousRoute = previousRoute
    }
  }
}
