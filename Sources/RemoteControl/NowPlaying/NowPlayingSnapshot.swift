#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Everything a Now Playing info center holds at one moment, as observers see it.
public struct NowPlayingSnapshot: Sendable, Hashable {
  /// What is playing; `nil` when nothing is.
  public var info: NowPlayingInfo?
  /// Whether it is playing.
  public var playbackState: PlaybackState
  /// The last reported position state; `nil` when none was reported.
  public var positionState: PositionState?
  /// When ``positionState`` was reported, on the info center's clock.
  public var positionReportedAt: Duration
  /// The artwork as a URL to publish: the info's URL, or the `file://` URL of its cached bytes.
  public var artworkURL: URL?
  /// Why the info's artwork given as bytes has no ``artworkURL``: its cache file could not be
  /// written, so controllers show no picture (MPRIS publishes no `mpris:artUrl`). `nil` when it
  /// was written, and for artwork given as a URL or no artwork.
  public var artworkError: ArtworkError? = nil
  /// Whether the app has ever been ``PlaybackState/playing``: only such an app can be the
  /// Now Playing app that media keys go to.
  public var hasPlayed: Bool

  /// The position at a time on the info center's clock: the reported position, moved on by the
  /// time since the report × the rate while playing, clamped to [0, duration]; zero with no report.
  public func position(at now: Duration) -> Duration {
    guard let positionState else { return .zero }
    guard playbackState == .playing else { return positionState.position }
    return positionState.position(after: now - positionReportedAt)
  }
}
