import RemoteControl

/// Tells, from successive Now Playing snapshots, when the position jumped: the moment MPRIS's
/// `org.mpris.MediaPlayer2.Player.Seeked` signal is for.
///
/// A jump is a new position report (a changed ``PositionState`` or report time) whose position
/// differs from where the previous state would have put playback by then, by more than a
/// tolerance. Normal progress, a pause or a rate change reported at the position reached are not
/// jumps; neither is the first report for a new track (apps set the new item's info first, then
/// its position). Nothing here reads a clock: the snapshots carry their report times.
struct PositionJumpDetector: Sendable {
  /// How far a report may be from the extrapolated position without being a jump.
  let tolerance: Duration

  private var previous: NowPlayingSnapshot?
  private var trackOfLastReport: TrackID?

  /// A detector that has seen no snapshot.
  init(tolerance: Duration) {
    self.tolerance = tolerance
  }

  /// Takes in the next snapshot.
  ///
  /// - Returns: The new position when it jumped; `nil` otherwise.
  mutating func position(after snapshot: NowPlayingSnapshot) -> Microseconds? {
    defer { previous = snapshot }
    guard let previous else {
      if snapshot.positionState != nil { trackOfLastReport = TrackID(snapshot.info) }
      return nil
    }
    let isNewReport =
      snapshot.positionState != previous.positionState
      || snapshot.positionReportedAt != previous.positionReportedAt
    guard isNewReport, let reported = snapshot.positionState else { return nil }
    let track = TrackID(snapshot.info)
    let sameTrack = trackOfLastReport == track
    trackOfLastReport = track
    guard sameTrack else { return nil }
    let expected = previous.position(at: snapshot.positionReportedAt)
    guard abs(reported.position - expected) > tolerance.seconds else { return nil }
    return Microseconds(seconds: reported.position)
  }
}
