/// The command that changes the playback rate, with the rates the app supports.
///
/// The corresponding MediaPlayer class is `MPChangePlaybackRateCommand`; MPRIS's
/// `MinimumRate` and `MaximumRate` are the smallest and largest supported rate.
@MainActor
public final class ChangePlaybackRateCommand: RemoteCommand {
  /// The rates the app can play at, such as `[0.5, 1, 1.5, 2]`. Default: `[1]`.
  public var supportedPlaybackRates: [Double] = [1] {
    didSet { if oldValue != supportedPlaybackRates { didChange() } }
  }

  /// The smallest supported rate (MPRIS `MinimumRate`); 1 when none are listed.
  public var minimumRate: Double { supportedPlaybackRates.min() ?? 1 }
  /// The largest supported rate (MPRIS `MaximumRate`); 1 when none are listed.
  public var maximumRate: Double { supportedPlaybackRates.max() ?? 1 }
}
