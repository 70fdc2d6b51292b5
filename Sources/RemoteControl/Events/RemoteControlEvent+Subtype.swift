extension RemoteControlEvent {
  /// The ten remote-control subtypes UIKit defines.
  ///
  /// The corresponding UIKit type is `UIEvent.EventSubtype` (`.remoteControlPlay` …).
  public enum Subtype: Sendable, Hashable, CaseIterable {
    /// `UIEvent.EventSubtype.remoteControlPlay`.
    case play
    /// `UIEvent.EventSubtype.remoteControlPause`.
    case pause
    /// `UIEvent.EventSubtype.remoteControlStop`.
    case stop
    /// `UIEvent.EventSubtype.remoteControlTogglePlayPause`.
    case togglePlayPause
    /// `UIEvent.EventSubtype.remoteControlNextTrack`.
    case nextTrack
    /// `UIEvent.EventSubtype.remoteControlPreviousTrack`.
    case previousTrack
    /// `UIEvent.EventSubtype.remoteControlBeginSeekingBackward`.
    case beginSeekingBackward
    /// `UIEvent.EventSubtype.remoteControlEndSeekingBackward`.
    case endSeekingBackward
    /// `UIEvent.EventSubtype.remoteControlBeginSeekingForward`.
    case beginSeekingForward
    /// `UIEvent.EventSubtype.remoteControlEndSeekingForward`.
    case endSeekingForward

    /// The subtype of a command, or `nil` when UIKit has none for it: the one whose
    /// ``command`` it is.
    public init?(_ command: Command) {
      guard let subtype = Self.allCases.first(where: { $0.command == command }) else { return nil }
      self = subtype
    }

    /// The command this subtype asks for.
    public var command: Command {
      switch self {
      case .play: .play
      case .pause: .pause
      case .stop: .stop
      case .togglePlayPause: .togglePlayPause
      case .nextTrack: .nextTrack
      case .previousTrack: .previousTrack
      case .beginSeekingBackward: .beginSeekingBackward
      case .endSeekingBackward: .endSeekingBackward
      case .beginSeekingForward: .beginSeekingForward
      case .endSeekingForward: .endSeekingForward
      }
    }
  }
}
