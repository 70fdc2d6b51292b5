/// The `org.mpris.MediaPlayer2.Player` properties whose changes are announced in
/// `PropertiesChanged`, by their MPRIS names.
enum PlayerProperty: String, Sendable, Hashable, CaseIterable {
  /// `PlaybackStatus`.
  case playbackStatus = "PlaybackStatus"
  /// `LoopStatus`.
  case loopStatus = "LoopStatus"
  /// `Rate`.
  case rate = "Rate"
  /// `Shuffle`.
  case shuffle = "Shuffle"
  /// `Metadata`.
  case metadata = "Metadata"
  /// `Volume`.
  case volume = "Volume"
  /// `MinimumRate`.
  case minimumRate = "MinimumRate"
  /// `MaximumRate`.
  case maximumRate = "MaximumRate"
  /// `CanGoNext`.
  case canGoNext = "CanGoNext"
  /// `CanGoPrevious`.
  case canGoPrevious = "CanGoPrevious"
  /// `CanPlay`.
  case canPlay = "CanPlay"
  /// `CanPause`.
  case canPause = "CanPause"
  /// `CanSeek`.
  case canSeek = "CanSeek"

  func hasSameValue(in new: PlayerProperties, as old: PlayerProperties) -> Bool {
    switch self {
    case .playbackStatus: new.playbackStatus == old.playbackStatus
    case .loopStatus: new.loopStatus == old.loopStatus
    case .rate: new.rate == old.rate
    case .shuffle: new.shuffle == old.shuffle
    case .metadata: new.metadata == old.metadata
    case .volume: new.volume == old.volume
    case .minimumRate: new.minimumRate == old.minimumRate
    case .maximumRate: new.maximumRate == old.maximumRate
    case .canGoNext: new.canGoNext == old.canGoNext
    case .canGoPrevious: new.canGoPrevious == old.canGoPrevious
    case .canPlay: new.canPlay == old.canPlay
    case .canPause: new.canPause == old.canPause
    case .canSeek: new.canSeek == old.canSeek
    }
  }
}
